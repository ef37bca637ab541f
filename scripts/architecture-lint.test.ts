/**
 * The architecture is in the lint config (biome.jsonc, docs/decisions/006-architecture-in-lint.md): these probes
 * put a file that breaks a boundary where a developer would, run Biome on it as `npm run lint` does, and expect the
 * failure; the same files importing the allowed way must pass, so the rules are not simply failing everything.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');
const written: string[] = [];

/** Writes each probe (path from the repository root → source), lints them in one run, and removes them. */
function lint(probes: Record<string, string>): { status: number | null; output: string } {
  const files = Object.entries(probes).map(([file, source]) => {
    const at = path.join(root, file);
    written.push(at);
    writeFileSync(at, source);
    return file;
  });
  try {
    const run = spawnSync(biome, ['lint', '--colors=off', '--max-diagnostics=100', ...files], {
      cwd: root,
      encoding: 'utf8',
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    for (const file of files) rmSync(path.join(root, file), { force: true });
  }
}

afterAll(() => {
  for (const file of written) rmSync(file, { force: true });
});

const probe = (name: string) => `zz-architecture-probe-${process.pid}-${name}.ts`;
const CONSOLE = 'apps/console/src';
const MODULES = 'apps/server/src/modules';

/** A function far past the complexity limit (20): nested branches in a loop. */
const TANGLED = `export function tangled(rows: number[][]): number {
  let n = 0;
  for (const row of rows) {
    for (const cell of row) {
      if (cell > 0) {
        if (cell % 2 === 0) {
          if (cell > 10) n += cell > 100 ? 3 : 2;
          else n += cell > 5 ? 1 : 0;
        } else if (cell % 3 === 0) {
          n -= cell > 9 ? 1 : 2;
        } else {
          while (n > 1000) n = n > 5000 ? n / 2 : n - 1;
        }
      }
    }
  }
  return n;
}
`;

describe('the architecture in the linter', () => {
  it('refuses a feature importing another feature, shared/ importing from features/ or app/, a module (server or console) reached past its index.ts, and tangled code', () => {
    const bad = {
      [`${CONSOLE}/features/streams/${probe('sibling')}`]: `import { brandKeys } from '../brands/api.ts';\n\nexport const x = brandKeys;\n`,
      [`${CONSOLE}/features/streams/${probe('roundabout')}`]: `import { brandKeys } from '../../features/brands/api.ts';\n\nexport const x = brandKeys;\n`,
      [`${CONSOLE}/shared/lists/${probe('feature')}`]: `import { brandKeys } from '../../features/brands/api.ts';\n\nexport const x = brandKeys;\n`,
      [`${CONSOLE}/shared/editing/${probe('app')}`]: `import { screens } from '../../app/screens.tsx';\n\nexport const x = screens;\n`,
      [`${MODULES}/links/${probe('module')}`]: `import { listBrands } from '../brands/data.ts';\n\nexport const x = listBrands;\n`,
      // The console's shared modules: only their index.ts, from a feature, the app, or another module.
      [`${CONSOLE}/features/streams/${probe('module-file')}`]: `import { useSaves } from '../../shared/editing/saves.ts';\n\nexport const x = useSaves;\n`,
      [`${CONSOLE}/app/${probe('module-file')}`]: `import { useProfile } from '../shared/session/session.ts';\n\nexport const x = useProfile;\n`,
      [`${CONSOLE}/shared/bin/${probe('module-file')}`]: `import { confirmAction } from '../feedback/confirm.tsx';\n\nexport const x = confirmAction;\n`,
      // A feature's subfolder reaching another feature, the short way and the roundabout way.
      [`${CONSOLE}/features/content/intake/${probe('sibling')}`]: `import { brandKeys } from '../../brands/api.ts';\n\nexport const x = brandKeys;\n`,
      [`${CONSOLE}/features/content/intake/${probe('roundabout')}`]: `import { brandKeys } from '../../../features/brands/api.ts';\n\nexport const x = brandKeys;\n`,
      [`${CONSOLE}/features/content/intake/${probe('module-file')}`]: `import { useSaves } from '../../../shared/editing/saves.ts';\n\nexport const x = useSaves;\n`,
      [`${CONSOLE}/shared/lists/${probe('tangled')}`]: TANGLED,
    };
    const { status, output } = lint(bad);
    expect(status).not.toBe(0);
    const refused = (file: string, rule: string) =>
      output.split('\n').some((line) => line.startsWith(file) && line.includes(rule));
    const files = Object.keys(bad);
    for (const file of files.slice(0, -1)) {
      expect(refused(file, 'lint/style/noRestrictedImports'), `${file} should be refused:\n${output}`).toBe(true);
    }
    expect(refused(files.at(-1)!, 'lint/complexity/noExcessiveCognitiveComplexity'), output).toBe(true);
  });

  it('refuses an import cycle in the console', () => {
    const a = probe('cycle-a');
    const b = probe('cycle-b');
    const bad = {
      [`${CONSOLE}/shared/lists/${a}`]: `import { y } from './${b}';\n\nexport const x = () => y;\n`,
      [`${CONSOLE}/shared/lists/${b}`]: `import { x } from './${a}';\n\nexport const y = () => x;\n`,
    };
    const { status, output } = lint(bad);
    expect(status).not.toBe(0);
    for (const file of Object.keys(bad)) {
      expect(
        output.split('\n').some((line) => line.startsWith(file) && line.includes('lint/suspicious/noImportCycles')),
        `${file} should be refused:\n${output}`,
      ).toBe(true);
    }
  });

  it('lets the same folders import the allowed way', () => {
    const { status, output } = lint({
      [`${CONSOLE}/features/streams/${probe('shared')}`]: `import { useBrands } from '../../shared/api/index.ts';\nimport { streamKeys } from './api.ts';\n\nexport const x = [useBrands, streamKeys];\n`,
      [`${CONSOLE}/app/${probe('shared')}`]: `import { useProfile } from '../shared/session/index.ts';\n\nexport const x = useProfile;\n`,
      [`${CONSOLE}/features/content/intake/${probe('shared')}`]: `import { send } from '../../../shared/api/index.ts';\nimport { episodeCode } from '../format.ts';\nimport { planOf } from './intake-rows.ts';\n\nexport const x = [send, episodeCode, planOf];\n`,
      [`${CONSOLE}/shared/api/${probe('inside')}`]: `import { send } from './api-client.ts';\n\nexport const x = send;\n`,
      [`${CONSOLE}/shared/bin/${probe('module')}`]: `import { confirmAction } from '../feedback/index.ts';\nimport { moveToBin } from './bin.ts';\n\nexport const x = [confirmAction, moveToBin];\n`,
      [`${MODULES}/links/${probe('index')}`]: `import { notFound } from '../../lib/errors.ts';\nimport { assertBrand } from '../brands/index.ts';\n\nexport const x = [assertBrand, notFound];\n`,
    });
    expect(status, output).toBe(0);
  });
});

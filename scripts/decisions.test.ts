/**
 * Decision records say whether they still hold: a `Status:` line right after the title, `accepted` or `superseded
 * by NNN`, and the index (docs/decisions/README.md) lists every record with that status, so a reader finds what is
 * current without opening each file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const records = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));

/** The first line after the title that is not blank. */
function statusOf(name: string): string {
  const lines = readFileSync(path.join(dir, name), 'utf8').split('\n');
  return lines.slice(1).find((line) => line.trim() !== '') ?? '';
}

describe('decision records', () => {
  it('each opens with its status, right after the title', () => {
    const wrong = records.filter((name) => !/^Status: (accepted|superseded by \d{3})$/.test(statusOf(name)));
    expect(wrong).toEqual([]);
  });

  it('the index lists each with its status', () => {
    const index = readFileSync(path.join(dir, 'README.md'), 'utf8');
    const rows = index.split('\n');
    const missing = records.filter((name) => {
      const row = rows.find((line) => line.startsWith(`| [${name.slice(0, 3)}](${name}) |`));
      return !row?.endsWith(`| ${statusOf(name).replace('Status: ', '')} |`);
    });
    expect(missing).toEqual([]);
  });
});

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz copy of every built text asset, which the server sends to browsers that accept them
 * (@fastify/static `preCompressed`): a quarter of the bytes, compressed once at build, never per request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter(
        (f) => /\.(js|css|html|svg|json)$/.test(f) && !f.startsWith('.vite'),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          if (content.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gz(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/** A build plugin that gives one of Mantine's modules (`importer`) another file for one of its imports. */
function redirectImport(name: string, importer: RegExp, source: string, to: string): Plugin {
  return {
    name,
    apply: 'build',
    enforce: 'pre',
    resolveId: (asked, from) =>
      asked === source && from && importer.test(from) ? path.resolve(import.meta.dirname, to) : null,
  };
}

/**
 * Keeps Floating UI (15 KB gzip) out of the chunks that draw a ScrollArea. Mantine's ScrollArea takes one small
 * hook, `useMergeRefs`, from @floating-ui/react; that package is a single module, so the tooltips' and popovers'
 * whole positioning engine would come with it. Here ScrollArea gets the same hook from src/lib/use-merge-refs.ts
 * instead; Tooltip, Popover and Menu still use Floating UI, in their own lazy chunks. Should ScrollArea ever import
 * anything else from @floating-ui/react, the build fails on the missing export rather than quietly growing.
 */
const scrollAreaWithoutFloatingUi = () =>
  redirectImport(
    'scroll-area-without-floating-ui',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    '@floating-ui/react',
    'src/lib/use-merge-refs.ts',
  );

/**
 * Keeps Mantine's ScrollArea (4.5 KB gzip) out of the first load. Every Table brings Table.ScrollContainer, which
 * imports ScrollArea for its default `type="scrollarea"`; the console's theme makes every container `native` (a
 * div the browser scrolls, src/app/providers.tsx), so the container gets a stand-in that is never drawn. The
 * screens that draw a ScrollArea themselves (the catalogue's changes, in lazy chunks) import the real one.
 */
const tableScrollWithoutScrollArea = () =>
  redirectImport(
    'table-scroll-without-scroll-area',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]TableScrollContainer\.mjs$/,
    '../ScrollArea/ScrollArea.mjs',
    'src/lib/no-scroll-area.ts',
  );

const src = path.resolve(import.meta.dirname, 'src');

/**
 * What the list screens (the brands screen, the first one shown, among them) draw: the table, the search box, avatars, badges, skeletons, the "Could not load" alert, the sort headers, the search
 * and create icons, and the console's list helpers. One chunk for all of them, not one per component: a screen
 * loads it in one request, and together they compress better than a dozen small files.
 */
const LIST_SCREEN_MANTINE =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Table|Input|InputBase|TextInput|CloseButton|Avatar|Badge|Skeleton|VisuallyHidden|Alert)[\\/]/;
// The tables' stable callbacks (features/*/…-table.tsx are memo'd): shared with lazy screens, so otherwise a file alone.
const LIST_SCREEN_HOOKS = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]utils[\\/]use-callback-ref[\\/]/;
const LIST_SCREEN_ICONS =
  /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(Search|Plus|ArrowUp|ArrowDown|ArrowsSort|CircleCheckFilled|CircleDashed)\.mjs$/;
const LIST_SCREEN_HELPERS =
  /^[\\/](components[\\/](list-state|list-table|list-header|state-label|timed-badge|new-button|sort-header|search-field)|lib[\\/](url-state|server-pages|editing|reads))\.tsx?$/;
function isListScreenModule(id: string): boolean {
  const file = id.split('?')[0];
  if (file.startsWith(src)) return LIST_SCREEN_HELPERS.test(file.slice(src.length));
  return LIST_SCREEN_MANTINE.test(file) || LIST_SCREEN_HOOKS.test(file) || LIST_SCREEN_ICONS.test(file);
}

/**
 * React Router's package sends bundlers to its development build (extra checks and warnings) under every
 * condition; its production build is a file of its own, 0.5 KB smaller gzipped in the first load. That build
 * still names its components and contexts for React's developer tools (`NavLink.displayName = "NavLink"`),
 * which a production console never shows: without those statements, 0.1 KB less.
 */
function reactRouterProductionBuild(): Plugin {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const production = path.join(packageDir, 'dist/production');
  const displayName = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
  return {
    name: 'react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'react-router' ? path.join(production, 'index.mjs') : null),
    transform: (code, id) => (id.startsWith(production) ? code.replace(displayName, '') : null),
  };
}

// The console is served by the API server under /admin; in development Vite proxies the API to it.
export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    reactRouterProductionBuild(),
    scrollAreaWithoutFloatingUi(),
    tableScrollWithoutScrollArea(),
    precompress(),
  ],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    // No source maps in what the server serves. `npm run explore` builds with them, into a folder never served.
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically stays in the entry chunk. Left alone, Rolldown moves what the
            // lazy chunks share with it (React, Mantine's core, Transition, ...) into chunks of their own: the same
            // bytes in more requests, each compressed on its own.
            { name: 'index', tags: ['$initial'], priority: 2 },
            { name: 'list-screen', test: isListScreenModule, priority: 1 },
          ],
        },
      },
    },
  },
});

import { readdir, readFile, writeFile } from 'node:fs/promises';
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

// The console is served by the API server under /admin; in development Vite proxies the API to it.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    // No source maps in what the server serves. `npm run explore` builds with them, into a folder never served.
    sourcemap: false,
    // hls.js is one chunk of 578 KB (180 KB gzip), fetched only when a video plays (decision 062): the warning is for
    // chunks a screen waits for.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The first screen (DEFAULT_SCREEN, app/screens.tsx) is a second entry beside the page (docs/decisions/075-first-load-by-imports.md): what it
      // imports statically is then `$initial`, like what main.tsx imports, and goes in the entry chunk below. Its
      // first load is decided by its imports alone; nothing another screen imports, and no merging of the chunks the
      // other screens share, can add to it. Its own entry chunk is a line re-exporting the route from the entry chunk.
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        'first-screen': path.resolve(import.meta.dirname, 'src/features/brands/route.tsx'),
      },
      // The router imports the route's exports (Component, loader) from that entry chunk.
      preserveEntrySignatures: 'exports-only',
      output: {
        codeSplitting: {
          groups: [
            // Everything the page and the first screen import statically stays in the entry chunk: one file, compressed
            // whole. Left alone, Rolldown moves what the lazy chunks share with it (React, Mantine's core, Transition,
            // ...) into chunks of their own: the same bytes in more requests, each compressed on its own.
            { name: 'index', tags: ['$initial'], priority: 2 },
            // What the other screens share goes in chunks by the screens that use it, as Rolldown would split it, but
            // a group under 8 KB joins its nearest neighbour: a screen loads a few files, not thirty of a few hundred
            // bytes each compressed on its own. Only what no entry imports statically is here, so the merging changes
            // what the other screens load, never the first load. No file or package is named.
            {
              name: 'common',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 8 * 1024,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});

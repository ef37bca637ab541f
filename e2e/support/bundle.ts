import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (`build.manifest`). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface BundleFile {
  file: string;
  bytes: number;
  gzip: number;
}

export interface FirstScreenBundle {
  js: BundleFile[];
  css: BundleFile[];
  jsGzip: number;
  cssGzip: number;
}

const measure = (dir: string, file: string): BundleFile => {
  const content = readFileSync(path.join(dir, file));
  return { file, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
};

/**
 * What the browser must load before a screen is interactive: the chunks of the page's scripts and every chunk they
 * import statically (recursively), then the screen's route chunk and its static imports, with the CSS of all of them.
 * `dir` is a console build made with `--manifest`; `route` the route module, e.g. `src/features/brands/route.tsx`.
 */
export function firstScreenBundle(dir: string, route: string): FirstScreenBundle {
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  if (!manifest[route]) throw new Error(`The manifest has no chunk for ${route}`);
  // The page's scripts, as index.html names them: the first screen's route is an entry of the build too
  // (vite.config.ts, decision 075), and the page's own entry chunk is the group that holds it.
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*src="[^"]*\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const entries = Object.keys(manifest).filter((k) => scripts.includes(manifest[k].file));
  if (entries.length === 0) throw new Error("The manifest has no chunk for the page's scripts");
  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key)) return;
    chunks.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);
  visit(route);
  const js = [...chunks].map((k) => measure(dir, manifest[k].file));
  const css = [...new Set([...chunks].flatMap((k) => manifest[k].css ?? []))].map((f) => measure(dir, f));
  const sum = (files: BundleFile[]) => files.reduce((total, f) => total + f.gzip, 0);
  return { js, css, jsGzip: sum(js), cssGzip: sum(css) };
}

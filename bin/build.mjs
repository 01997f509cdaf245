// Builds the CLI into single-file CommonJS bundles (not published: see package.json "files").
// On Node 20 a CJS bundle starts faster than ESM, and a git hook pays node's start on every commit.
// Every `await import('./x.js')` of our own code becomes a bundle of its own (dist/tdd-<name>.cjs),
// required only when that path runs: a hook that runs no tests never compiles the runners, the
// lexers or the other commands. All bundles sit in dist/, one level below the package root, which
// src/paths.ts relies on.
import { build } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const chunkName = (file) => `tdd-${relative(resolve(root, 'src'), file).replace(/\.[cm]?[jt]s$/, '').replace(/[\\/]/g, '-')}.cjs`;

const pending = new Map([[resolve(root, 'src/cli/main.ts'), 'tdd.cjs']]);
const done = new Set();
const lazyChunks = {
  name: 'lazy-chunks',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const source = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
      const name = chunkName(source);
      if (!done.has(source)) pending.set(source, name);
      return { path: `./${name}`, external: true };
    });
  },
};

while (pending.size > 0) {
  const [entry, name] = pending.entries().next().value;
  pending.delete(entry);
  if (done.has(entry)) continue;
  done.add(entry);
  await build({
    entryPoints: [entry],
    outfile: resolve(root, 'dist', name),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // An external import() becomes Promise.resolve().then(() => require(...)): no ESM loader.
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__tdd_import_meta_url' },
    banner: { js: "const __tdd_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [lazyChunks],
    logLevel: 'warning',
  });
}
// Our Python files run as they are (python3 dist/runners/python/tdd_boot.py …): tsc leaves them out.
rmSync(resolve(root, 'dist/runners/python'), { recursive: true, force: true });
cpSync(resolve(root, 'src/runners/python'), resolve(root, 'dist/runners/python'), { recursive: true, filter: (f) => !f.includes('__pycache__') });
// Names the V8 code cache of these bundles (bin/tdd.js): V8 itself only checks a source's length.
// The cache is written at run time next to the bundles: never packed (.npmignore), never stale.
rmSync(resolve(root, 'dist', '.cache'), { recursive: true, force: true });
mkdirSync(resolve(root, 'dist'), { recursive: true });
writeFileSync(resolve(root, 'dist', 'build-id'), `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}\n`);
writeFileSync(resolve(root, 'dist', '.npmignore'), '.cache/\n');
console.log(`bundled ${done.size} chunks into dist/ (${[...done].map((f) => basename(chunkName(f))).length} files)`);

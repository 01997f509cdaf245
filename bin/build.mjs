// Builds the CLI into single-file CommonJS bundles (not published: see package.json "files").
// On Node 20 a CJS bundle starts faster than ESM, and a git hook pays node's start on every commit.
// Every `await import('./x.js')` of our own code becomes a bundle of its own (dist/tdd-<name>.cjs),
// required only when that path runs: a hook that runs no tests never compiles the runners, the
// lexers or the other commands. All bundles sit in dist/, one level below the package root, which
// src/paths.ts relies on.
import { build } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const chunkName = (file) =>
  `tdd-${relative(resolve(root, 'src'), file)
    .replace(/\.[cm]?[jt]s$/, '')
    .replace(/[\\/]/g, '-')}.cjs`;

const pending = new Map([[resolve(root, 'src/cli/main.ts'), 'tdd.cjs']]);
const done = new Set();
// The packages several chunks import, a chunk of their own that each requires (synchronously, as
// bin/tdd.js loads chunks): a verification loads the judge, the runner, the related-test and the
// test-run chunks, and each held its own copy of picomatch (~60 KB) or js-tokens, compiled and run
// once per copy. Leaf packages only: they import nothing of ours, so no chunk can require itself back.
const VENDOR = ['picomatch', 'js-tokens'];
const vendorName = (pkg) => `tdd-vendor-${pkg}.cjs`;
const lazyChunks = {
  name: 'lazy-chunks',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(?:${VENDOR.join('|')})$`) }, (args) => {
      const entry = `vendor:${args.path}`;
      if (!done.has(entry)) pending.set(entry, vendorName(args.path));
      return { path: `./${vendorName(args.path)}`, external: true };
    });
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const source = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
      const name = chunkName(source);
      if (!done.has(source)) pending.set(source, name);
      return { path: `./${name}`, external: true };
    });
  },
};

// Chunks of an earlier build that this one may not make again (a module no longer loaded lazily).
for (const name of existsSync(resolve(root, 'dist')) ? readdirSync(resolve(root, 'dist')) : []) {
  if (/^tdd(-.*)?\.cjs$/.test(name)) rmSync(resolve(root, 'dist', name));
}
while (pending.size > 0) {
  const [entry, name] = pending.entries().next().value;
  pending.delete(entry);
  if (done.has(entry)) continue;
  done.add(entry);
  // A package's chunk exports what `import x from 'pkg'` gives (an ES module's default: js-tokens),
  // since a chunk that imports it reads the whole of module.exports as the default, as node does.
  const vendor = entry.startsWith('vendor:') ? entry.slice('vendor:'.length) : undefined;
  const source = vendor
    ? { stdin: { contents: `const m = require(${JSON.stringify(vendor)});\nmodule.exports = m && m.__esModule ? m.default : m;\n`, resolveDir: root } }
    : { entryPoints: [entry] };
  await build({
    ...source,
    outfile: resolve(root, 'dist', name),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // An external import() becomes Promise.resolve().then(() => require(...)): no ESM loader.
    supported: { 'dynamic-import': false },
    // import.meta.url only when asked: node:url's URL costs a hook ~2 M instructions, and
    // src/paths.ts needs only the folder (import.meta.dirname).
    define: { 'import.meta.url': '__tdd_meta.url', 'import.meta.dirname': '__dirname' },
    banner: { js: "const __tdd_meta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };" },
    plugins: vendor ? [] : [lazyChunks],
    logLevel: 'warning',
  });
}
// The library (package.json "exports"): one ESM file, its dependencies left to node_modules. It
// replaces tsc's dist/index.js; tsc's other .js files stay for the tests and are not packed.
await build({
  entryPoints: [resolve(root, 'src/index.ts')],
  outfile: resolve(root, 'dist', 'index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
// Our Python files run as they are (python3 dist/runners/python/tdd_boot.py …): tsc leaves them out.
rmSync(resolve(root, 'dist/runners/python'), { recursive: true, force: true });
cpSync(resolve(root, 'src/runners/python'), resolve(root, 'dist/runners/python'), { recursive: true, filter: (f) => !f.includes('__pycache__') });
// And our Ruby files (RSpec's support file, the Ruby leak guard).
rmSync(resolve(root, 'dist/runners/ruby'), { recursive: true, force: true });
cpSync(resolve(root, 'src/runners/ruby'), resolve(root, 'dist/runners/ruby'), { recursive: true });
// And our PHP files (the PHP leak guard and the ini folder that prepends it).
rmSync(resolve(root, 'dist/runners/php'), { recursive: true, force: true });
cpSync(resolve(root, 'src/runners/php'), resolve(root, 'dist/runners/php'), { recursive: true });
// Names the V8 code cache of these bundles (bin/tdd.js): V8 itself only checks a source's length.
// The cache is written at run time next to the bundles: never packed (.npmignore), never stale.
rmSync(resolve(root, 'dist', '.cache'), { recursive: true, force: true });
mkdirSync(resolve(root, 'dist'), { recursive: true });
writeFileSync(resolve(root, 'dist', 'build-id'), `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}\n`);
writeFileSync(resolve(root, 'dist', '.npmignore'), packList());
console.log(`bundled ${done.size} chunks into dist/ (${[...done].map((f) => basename(chunkName(f))).length} files)`);

/**
 * dist/.npmignore: the tarball holds what runs and the types, nothing else. What runs: the bundles
 * (*.cjs, build-id), the library (index.js), the files a test run loads (the node reporter, the
 * leak guard, the Python shims). The types: index.d.ts and the declarations it reaches. tsc's
 * other output (one .js and .d.ts per source file) stays out; test/e2e/package-contents.test.ts
 * checks the list.
 */
function packList() {
  const dist = resolve(root, 'dist');
  const types = new Set();
  const visit = (file) => {
    if (types.has(file) || !existsSync(resolve(dist, file))) return;
    types.add(file);
    const text = readFileSync(resolve(dist, file), 'utf8');
    // `from './x.js'`, `import('./x.js')`, `export * from '../y.js'`
    for (const [, spec] of text.matchAll(/(?:from\s+|import\()['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = relative(dist, resolve(dist, dirname(file), spec)).replace(/\.(c?)js$/, '.d.$1ts');
      visit(target.split('\\').join('/'));
    }
  };
  visit('index.d.ts');
  const keep = ['index.js', 'runners/node-reporter.js', 'runners/vitest-seal.js', 'runners/leak-guard.cjs', ...[...types].sort()];
  return ['.cache/', '*.js', '*.cjs', '*.ts', '*.cts', '!/*.cjs', ...keep.map((f) => `!/${f}`), ''].join('\n');
}

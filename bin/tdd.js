#!/usr/bin/env node
'use strict';
// The only bin, published as both `tdd` and `tdd-hooks`. CommonJS (bin/package.json) loading the
// bundles of the CLI (dist/tdd.cjs and the chunks it requires lazily, see bin/build.mjs): on
// Node 20 that starts 7–9 ms faster than ESM, and a git hook pays node's start-up on every commit.
//
// Compiling the bundles is most of what is left to pay (~3 ms of a hook that runs no tests, see
// docs/benchmarks.md), so V8's code cache keeps them compiled between runs. Node ≥ 22.1 does that
// itself (module.enableCompileCache). On Node 20 this file does: each chunk is compiled with
// vm.Script and the bytes V8 produced for it last time, and after a run that had to compile one,
// its bytes (with the functions that run compiled) are written for the next.
//   - Where: dist/.cache/<node version>-<build id>/, next to the code, written only by whoever
//     may write the code itself; no cache when that is not writable (a global install as root).
//   - Invalidation: V8 checks its own version and flags but only the source's length, so the
//     build id (dist/build-id, new on every build) names the directory; an old one is removed.
//   - TDD_COMPILE_CACHE=0 turns it off (a debugger, or to measure without it).
//   - The first commit after `tdd install`: install runs the start of a commit that runs no tests
//     once (warmHookPath in src/cli/commands/hook.ts), so the hook's chunks are compiled already.
//     What that run compiled is only part of what a commit runs, so it is kept as <chunk>.partial.bin:
//     the next run uses it and writes the whole <chunk>.bin (V8 adds only what a run compiled itself).
const { join } = require('node:path');
const dist = join(__dirname, '..', 'dist');
const entry = join(dist, 'tdd.cjs');

/** Loads dist/<name>.cjs and, through the `require` it is given, the chunks it loads. */
function compileCachedLoader() {
  const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
  const { Script } = require('node:vm');
  let build;
  try {
    build = readFileSync(join(dist, 'build-id'), 'utf8').trim();
  } catch {
    return undefined; // a build without an id (an older bin/build.mjs): plain require
  }
  const dir = join(dist, '.cache', `${process.version}-${build}`);
  // What a chunk requires: another chunk (./tdd-*.cjs) through this loader, anything else as usual:
  // node's modules, from this file's require (bin/ and dist/ are siblings in one package, so a
  // package or `../` resolves alike from either). Not node:module's createRequire: loading node:module
  // costs more than the rest of this file (~5 M instructions; it loads the ES module loader).
  const req = (id) => (id.startsWith('./') ? load(join(dist, id)) : require(id));
  Object.assign(req, { resolve: require.resolve, cache: require.cache, main: require.main });
  const loaded = new Map();
  const fresh = [];
  let warming = false;
  const read = (name) => {
    try {
      return readFileSync(join(dir, name));
    } catch {
      return undefined; // not cached yet
    }
  };
  const load = (file) => {
    const known = loaded.get(file);
    if (known) return known.exports;
    const name = file.slice(dist.length + 1);
    let cachedData = read(`${name}.bin`);
    const partial = !cachedData && (cachedData = read(`${name}.partial.bin`)) !== undefined;
    // node:module's Module.wrap, written out.
    const wrapped = `(function (exports, require, module, __filename, __dirname) { ${readFileSync(file, 'utf8')}\n});`;
    const script = new Script(wrapped, { filename: file, cachedData });
    if (!cachedData || script.cachedDataRejected || (partial && !warming)) fresh.push({ file, script, partial: warming });
    const module = { exports: {}, filename: file, id: file, loaded: false, require: req };
    loaded.set(file, module);
    script.runInThisContext().call(module.exports, module.exports, req, module, file, dist);
    module.loaded = true;
    return module.exports;
  };
  /** Writes what this run compiled afresh; best effort, never in the way of the command. */
  const save = () => {
    if (fresh.length === 0) return;
    try {
      mkdirSync(dir, { recursive: true });
      for (const { file, script, partial } of fresh.splice(0)) {
        const name = join(dir, file.slice(dist.length + 1));
        const target = partial ? `${name}.partial.bin` : `${name}.bin`;
        const tmp = `${target}.${process.pid}.tmp`;
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, target);
        if (!partial) rmSync(`${name}.partial.bin`, { force: true });
      }
      // Caches of earlier builds (for any node version): never read again.
      for (const name of readdirSync(join(dist, '.cache'))) {
        if (!name.endsWith(`-${build}`)) rmSync(join(dist, '.cache', name), { recursive: true, force: true });
      }
    } catch {
      // read-only package folder, full disk…: run uncached
    }
  };
  /**
   * After a plain `tdd install` that succeeded: the hook's chunks, compiled by the start of a
   * commit that runs no tests, unless a commit has cached them already. Best effort.
   */
  const warm = async (argv, code) => {
    if (code !== 0 || argv[0] !== 'install' || argv.some((a) => a === '--dry-run' || a === '--help' || a === '-h' || a.startsWith('--agent'))) return;
    if (read('tdd-verify-pre-commit.cjs.bin') || read('tdd-verify-pre-commit.cjs.partial.bin')) return;
    warming = true;
    try {
      await load(join(dist, 'tdd-cli-commands-hook.cjs')).warmHookPath(process.cwd(), process.env);
    } catch {
      // an older build without it, an unreadable repository: the first commit compiles them
    }
  };
  return { load, save, warm };
}

// module.enableCompileCache: Node ≥ 22.1 (node:module is loaded only there, see compileCachedLoader).
const [major, minor] = process.versions.node.split('.').map(Number);
const nodeModule = major > 22 || (major === 22 && minor >= 1) ? require('node:module') : undefined;
let loader;
if (process.env.TDD_COMPILE_CACHE !== '0') {
  if (typeof nodeModule?.enableCompileCache === 'function') {
    try {
      nodeModule.enableCompileCache(join(dist, '.cache'));
    } catch {
      // no cache: plain require
    }
  } else {
    loader = compileCachedLoader();
  }
}

(loader ? loader.load(entry) : require(entry)).main(process.argv.slice(2)).then(async (code) => {
  process.exitCode = code;
  await loader?.warm(process.argv.slice(2), code);
  loader?.save();
});

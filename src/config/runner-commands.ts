/**
 * The runner a command line starts, read the way a developer wrote it: `node
 * --experimental-vm-modules node_modules/jest/bin/jest.js` is jest (the runner named in the command
 * wins over `node`), `dotenv -- vitest run` is vitest, `make test` is what the Makefile's `test`
 * recipe runs; for Python, `python -m pytest`, `coverage run -m pytest`, tox's `commands`, nox's
 * `session.run("pytest")`. Pure.
 */
import type { RunnerName } from './schema.js';

/** Executables (basename, without a .js/.mjs/.cjs extension) that mean a JS runner. */
const JS_EXECUTABLES: Readonly<Record<string, RunnerName>> = { vitest: 'vitest', jest: 'jest', mocha: 'mocha', _mocha: 'mocha' };

/** node's options that take their value as the next word: `node --import tsx --test`, `node -r ts-node/register x.js`. */
const NODE_VALUE_OPTIONS = new Set([
  '-r',
  '--require',
  '--import',
  '--loader',
  '--experimental-loader',
  '-C',
  '--conditions',
  '--env-file',
  '--test-reporter',
  '--test-reporter-destination',
  '--test-name-pattern',
  '--test-concurrency',
  '--stack-size',
  '--max-old-space-size',
]);

/** `./node_modules/jest/bin/jest.js` → `jest`; `node_modules/.bin/vitest` → `vitest`. */
export function executableName(word: string): string {
  return word.replace(/^.*[\\/]/, '').replace(/\.(c|m)?js$/, '');
}

/**
 * The JS runner one command starts (its words, launchers and env assignments already dropped), or
 * undefined. `node` is the runner only with `--test` and no runner's script to run.
 */
export function jsCommandRunner(words: readonly string[]): RunnerName | undefined {
  const [first, ...args] = words;
  if (first === undefined) return undefined;
  const exe = executableName(first);
  if (JS_EXECUTABLES[exe]) return JS_EXECUTABLES[exe];
  if (exe === 'node' || exe === 'nodejs') {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (NODE_VALUE_OPTIONS.has(a)) i++;
      else if (!a.startsWith('-')) return JS_EXECUTABLES[executableName(a)] ?? (args.includes('--test') ? 'node' : undefined);
    }
    return args.some((a) => a === '--test' || a.startsWith('--test=')) ? 'node' : undefined;
  }
  // A wrapper we do not know (`dotenv -e .env -- jest`, `c8 --reporter lcov mocha`): the runner it names.
  for (const a of args) if (!a.startsWith('-') && JS_EXECUTABLES[a]) return JS_EXECUTABLES[a];
  return undefined;
}

/**
 * The recipe lines of `target` in a Makefile, and of the targets it depends on (two levels), `@`/`-`
 * prefixes dropped. `$(MAKE) other` lines are followed the same way. Empty when there is none.
 */
export function makeTargetCommands(makefile: string, target: string, depth = 0): string[] {
  if (depth > 2) return [];
  const lines = makefile.replace(/\\\n/g, ' ').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^\s:#=][^:#=]*?)\s*::?(?!=)\s*([^;#]*)/.exec(lines[i]!);
    if (!m || !m[1]!.split(/\s+/).includes(target)) continue;
    for (const dep of m[2]!.trim().split(/\s+/).filter(Boolean)) out.push(...makeTargetCommands(makefile, dep, depth + 1));
    for (let j = i + 1; j < lines.length && /^\t/.test(lines[j]!); j++) {
      const line = lines[j]!.trim()
        .replace(/^[@+-]+/, '')
        .replace(/\s+/g, ' ');
      const sub = /^(?:\$\(MAKE\)|\$\{MAKE\}|make)\s+(?:-\S+\s+)*([\w.-]+)/.exec(line);
      if (sub) out.push(...makeTargetCommands(makefile, sub[1]!, depth + 1));
      else out.push(line);
    }
  }
  return out;
}

/** The `commands` of every [testenv…] section of a tox.ini, one command a line. */
export function toxCommands(toxIni: string): string[] {
  const out: string[] = [];
  let inTestenv = false;
  let inCommands = false;
  for (const line of toxIni.split('\n')) {
    const section = /^\s*\[([^\]]+)\]/.exec(line);
    if (section) {
      inTestenv = /^testenv\b/.test(section[1]!.trim());
      inCommands = false;
      continue;
    }
    const key = /^(\w[\w-]*)\s*=\s*(.*)$/.exec(line);
    if (key) {
      inCommands = inTestenv && key[1] === 'commands';
      if (inCommands && key[2]!.trim()) out.push(key[2]!.trim());
    } else if (inCommands && /^\s+\S/.test(line)) out.push(line.trim());
  }
  return out;
}

/** What a noxfile's sessions run: each `session.run(…)`'s string arguments as one command. */
export function noxCommands(noxfile: string): string[] {
  return [...noxfile.matchAll(/session\.run\(([^)]*)\)/g)].map((m) => [...m[1]!.matchAll(/["']([^"']+)["']/g)].map((s) => s[1]!).join(' '));
}

/** The Python runner a command line starts: pytest (`pytest`, `py.test`, `-m pytest`), unittest (`-m unittest`), or undefined. */
export function pythonCommandRunner(command: string): RunnerName | undefined {
  const words = command.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const w = executableName(words[i]!).replace(/[{}]/g, '');
    if (w === 'pytest' || w === 'py.test') return 'pytest';
    if (w === '-m' && words[i + 1] === 'pytest') return 'pytest';
    if (w === '-m' && words[i + 1] === 'unittest') return 'unittest';
  }
  return undefined;
}

/** The first Python runner among command lines (tox, nox, a Makefile's test recipe, a CI script). */
export function pythonRunnerOfCommands(commands: readonly string[]): RunnerName | undefined {
  for (const c of commands) {
    const r = pythonCommandRunner(c);
    if (r) return r;
  }
  return undefined;
}

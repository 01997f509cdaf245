/**
 * STYLE §1, one table for all of src/: a functional core and an imperative shell, by folder. The
 * shell is the modules that may touch the world: the file system (node:fs, node:fs/promises),
 * processes (node:child_process), the machine (node:os), git (every git/ module but its parsers). Every other
 * module is pure: it imports no shell module (so it reaches the world through nothing it imports,
 * dynamic imports included), and reads no clock, randomness or process state.
 * Also the house's sizes: no function over 80 lines, no file over 400.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/repo.js';

const SRC = join(PROJECT_ROOT, 'src');

/**
 * Per folder of src/ ('.' for its top): 'all' when the whole folder is shell; its shell files (none:
 * the folder is pure); or, for a shell folder with a pure core, its pure files.
 */
const SHELL: Record<string, 'all' | string[] | { pure: string[] }> = {
  '.': ['fs-read.ts', 'fs-async.ts', 'paths.ts', 'index.ts'],
  agent: ['repo.ts', 'context.ts', 'resolve.ts', 'guard.ts', 'session.ts'],
  audit: ['read.ts', 'replay.ts', 'audit.ts', 'history.ts', 'index.ts'],
  budget: [],
  cli: 'all',
  config: ['load.ts', 'plan.ts', 'disk.ts'],
  // The runners' coverage reports read as data (V8, istanbul, go profiles, Python's lines): pure.
  coverage: [],
  doctor: ['read.ts', 'read-hooks.ts', 'read-node.ts', 'read-repo.ts', 'read-agents.ts', 'doctor.ts'],
  gates: [],
  // Every git question is a named query here (exec.ts runs them); its parsers and ids are pure.
  git: { pure: ['ids.ts', 'parse.ts'] },
  // The planner and its wording are pure; doctor reads the block, shim and test-line formats through them.
  install: { pure: ['agent-entries.ts', 'agent-merge.ts', 'block.ts', 'context.ts', 'plan.ts', 'problems.ts', 'shim.ts', 'spelling.ts', 'test-line.ts'] },
  lang: [],
  plan: [],
  process: 'all',
  report: [],
  rollback: ['apply.ts', 'backup.ts', 'read.ts', 'worktree.ts', 'target.ts', 'rollback.ts', 'undo.ts', 'list.ts', 'guard.ts'],
  // leak-guard.cts runs inside the runner's own processes, preloaded; node-reporter.ts and
  // vitest-seal.ts are reporters the runner loads, and print the report's seal (runners/seal.ts).
  runners: ['run.ts', 'leak-check.ts', 'locate.ts', 'leak-guard.cts', 'coverage-read.ts', 'node-reporter.ts', 'vitest-seal.ts'],
  snapshot: ['read.ts'],
  state: ['attempts.ts', 'follow-read.ts', 'glob-cache.ts', 'lock.ts', 'rebuild.ts', 'store.ts'],
  verify: 'all',
};

const WORLD = /^node:(?:fs|fs\/promises|child_process|os)$/;
/** A pure module does not import the process either. */
const PROCESS = 'node:process';
/** Value imports (not `import type`), re-exports, and `import('…')`, also spread over several lines. */
const STATIC = /^(?:import|export)(?!\s+type\b)[^;]*?from\s+'([^']+)'/gm;
const DYNAMIC = /\bimport\(\s*'([^']+)'\s*\)/g;
/** The clock, randomness and the process: `new Date(ms)` parses a value and is pure, `new Date()` is now. */
const PROCESS_STATE = /\bprocess\.|\bDate\.now|\bMath\.random|new Date\(\)/;

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.c?ts$/.test(n) ? [relative(SRC, p)] : [];
  });
}

const FILES = sourceFiles();
const folderOf = (file: string): string => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '.');
const isShell = (file: string): boolean => {
  const shell = SHELL[folderOf(file)] ?? [];
  const name = file.slice(file.indexOf('/') + 1);
  return shell === 'all' || (Array.isArray(shell) ? shell.includes(name) : !shell.pure.includes(name));
};
const text = (file: string): string => readFileSync(join(SRC, file), 'utf8');
/** Without comments: a comment may say `process.exit(1)`. */
const code = (file: string): string =>
  text(file)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** What a module value-imports: node's modules by name, ours as paths under src/. */
function importsOf(file: string): string[] {
  const source = text(file);
  return [...source.matchAll(STATIC), ...source.matchAll(DYNAMIC)].flatMap((m) => {
    const spec = m[1]!;
    if (spec.startsWith('node:')) return [spec];
    if (!spec.startsWith('.')) return [];
    return [
      relative(SRC, resolve(dirname(join(SRC, file)), spec))
        .replace(/\.js$/, '.ts')
        .replace(/\.cjs$/, '.cts'),
    ];
  });
}

const PURE = FILES.filter((f) => !isShell(f));
/** The modules that run git: every git/ module but its parsers. */
const GIT_IO = new Set(FILES.filter((f) => f.startsWith('git/') && isShell(f)));

describe('architecture: a pure core, the world at the edges', () => {
  it('every folder of src/ is in the table', () => {
    expect([...new Set(FILES.map(folderOf))].filter((f) => !(f in SHELL))).toEqual([]);
  });

  it('the check sees the world where it is touched', () => {
    expect(importsOf('git/exec.ts')).toContain('node:child_process');
    expect(importsOf('runners/run.ts')).toEqual(expect.arrayContaining(['fs-async.ts', 'process/spawn.ts']));
    expect(importsOf('fs-async.ts')).toContain('node:fs');
    expect(importsOf('verify/judge.ts')).toContain('verify/run-staged.ts'); // a dynamic import
    expect(code('runners/node.ts')).not.toMatch(PROCESS_STATE);
  });

  it.each(PURE)('%s imports no shell module and reads no process state', (file) => {
    const imports = importsOf(file);
    expect(imports.filter((i) => WORLD.test(i) || i === PROCESS || GIT_IO.has(i) || (!i.startsWith('node:') && isShell(i)))).toEqual([]);
    expect(code(file)).not.toMatch(PROCESS_STATE);
  });

  it('only the shell touches the world (node:fs, node:child_process, node:os, the git/ queries)', () => {
    const touching = FILES.filter((f) => importsOf(f).some((i) => WORLD.test(i) || GIT_IO.has(i)));
    expect(touching.filter((f) => !isShell(f))).toEqual([]);
  });
});

/** What runs git: exec.ts's functions. Outside git/ a module may import only GitError (and types) from it. */
const GIT_RUNNERS = /\b(?:execGit|execGitBuffer|git|spawnGit)\(\s*\[/;
/** git as the program of any call (spawn, execFile, or a wrapper of them like the demo's old `sh('git', argv)`). */
const GIT_SPAWN = /\b[\w$]+\(\s*['"`]git['"`]\s*,/;
const EXEC_IMPORT = /^(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+'[^']*\/git\/exec\.js'/gm;
const EXEC_DYNAMIC = /\bimport\(\s*'[^']*\/git\/exec\.js'\s*\)/;

/** How a module outside git/ runs git itself, if it does: each way, named (none is the rule). */
function ownGitCalls(source: string): string[] {
  const uncommented = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const names = [...uncommented.matchAll(EXEC_IMPORT)].flatMap((m) =>
    m[1]!
      .replace(/^\{|\}$/g, '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== '' && n !== 'GitError' && !n.startsWith('type ')),
  );
  return [
    ...names.map((n) => `imports ${n} from git/exec`),
    ...(EXEC_DYNAMIC.test(uncommented) ? ['imports git/exec dynamically'] : []),
    ...(GIT_RUNNERS.exec(uncommented) ? [`passes its own git argv: ${GIT_RUNNERS.exec(uncommented)![0]}`] : []),
    ...(GIT_SPAWN.exec(uncommented) ? [`spawns git: ${GIT_SPAWN.exec(uncommented)![0]}`] : []),
  ];
}

describe('one way to git: every question a named query in git/', () => {
  it('the check sees git run by hand', () => {
    expect(ownGitCalls("import { git } from '../git/exec.js';\nawait git(['log'], o);")).toHaveLength(2);
    expect(ownGitCalls("import { execGit, GitError } from '../git/exec.js';")).toEqual(['imports execGit from git/exec']);
    expect(ownGitCalls("const { spawnGit } = await import('../git/exec.js');")).toEqual(['imports git/exec dynamically']);
    expect(ownGitCalls("const r = await execGit(\n  [\n 'config', '--get', 'core.hooksPath'],\n  o);")).toHaveLength(1);
    expect(ownGitCalls("spawnSync('git', ['status'])")).toHaveLength(1);
    expect(ownGitCalls("const r = sh('git', ['commit', '-q', '-m', step.message]);")).toEqual(["spawns git: sh('git',"]);
    expect(ownGitCalls("const ignore = join(xdg, 'git', 'ignore');")).toEqual([]);
    expect(ownGitCalls("export {\n  git,\n} from '../git/exec.js';")).toEqual(['imports git from git/exec']);
    expect(ownGitCalls("import { GitError, type GitChild } from '../git/exec.js';\nimport type { GitOptions } from '../git/exec.js';")).toEqual([]);
    expect(ownGitCalls('// git([...]) would be wrong here')).toEqual([]);
  });

  it('outside git/, no module runs git itself (it calls a query of git/)', () => {
    expect(FILES.filter((f) => !f.startsWith('git/')).flatMap((f) => ownGitCalls(text(f)).map((how) => `${f} ${how}`))).toEqual([]);
  });
});

describe('sizes (the house review: one function to read, not a chapter)', () => {
  const sized = FILES.filter((f) => f.endsWith('.ts')).map((file) => {
    const source = text(file);
    const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
    let longest = { name: '', lines: 0 };
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const lines = sf.getLineAndCharacterOfPosition(node.getEnd()).line - sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        if (lines > longest.lines) longest = { name: node.name?.getText(sf) ?? '(anonymous)', lines };
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    return { file, lines: source.split('\n').length - (source.endsWith('\n') ? 1 : 0), longest };
  });

  it('no function in src/ is over 80 lines', () => {
    expect(sized.filter((s) => s.longest.lines > 80).map((s) => `${s.file}: ${s.longest.name} (${s.longest.lines} lines)`)).toEqual([]);
  });

  it('no file in src/ is over 400 lines', () => {
    expect(sized.filter((s) => s.lines > 400).map((s) => `${s.file} (${s.lines} lines)`)).toEqual([]);
  });
});

describe('lang/ as a house (a core the languages plug into)', () => {
  const lang = FILES.filter((f) => f.startsWith('lang/'));

  it('its top holds the registry, the types, the frameworks table and the snapshot files (their layout); the rest is in lex/, scan/, languages/, helpers/', () => {
    const top = lang.filter((f) => f.split('/').length === 2).map((f) => f.slice('lang/'.length));
    expect(top.filter((f) => !['index.ts', 'profile.ts', 'frameworks.ts', 'snapshots.ts'].includes(f))).toEqual([]);
    const folders = new Set(lang.filter((f) => f.split('/').length > 2).map((f) => f.split('/')[1]));
    expect([...folders].filter((d) => !['lex', 'scan', 'languages', 'helpers'].includes(d!))).toEqual([]);
  });

  it('a lexer reads text only: lex/ imports nothing outside lex/', () => {
    const lex = lang.filter((f) => f.startsWith('lang/lex/'));
    expect(
      lex.flatMap((f) =>
        importsOf(f)
          .filter((i) => !i.startsWith('lang/lex/'))
          .map((i) => `${f} → ${i}`),
      ),
    ).toEqual([]);
  });

  it('the scanners and the helper-follower know no language: scan/ and helpers/ import no languages/ module', () => {
    const core = lang.filter((f) => f.startsWith('lang/scan/') || f.startsWith('lang/helpers/'));
    expect(
      core.flatMap((f) =>
        importsOf(f)
          .filter((i) => i.startsWith('lang/languages/'))
          .map((i) => `${f} → ${i}`),
      ),
    ).toEqual([]);
  });
});

/**
 * The layers, top first: a module imports its own folder, and below its own rung (dynamic imports
 * included); never up. On a rung of several folders, imports sideways are allowed only where the
 * rung says `sideways` (the shared services and the pure core); the features are ordered among
 * themselves, so doctor may read what install writes, never the other way round, and the hook
 * path (verify) reaches no command's module.
 */
const LAYERS: { rung: string; members: string[]; sideways?: true }[] = [
  { rung: 'the commands', members: ['cli', 'index.ts'] },
  { rung: 'doctor', members: ['doctor'] },
  { rung: 'install', members: ['install'] },
  { rung: 'the features over the hook', members: ['agent', 'audit', 'rollback'] },
  { rung: 'the hook and the report', members: ['verify', 'report'] },
  { rung: 'the services', members: ['runners', 'state', 'config', 'snapshot'], sideways: true },
  {
    rung: 'the pure core',
    members: [
      'gates',
      'lang',
      'plan',
      'budget',
      'coverage',
      'report/messages.ts',
      'report/messages-copy.ts',
      'report/next-steps.ts',
      'report/wording.ts',
      'report/format.ts',
      'report/escape.ts',
    ],
    sideways: true,
  },
  { rung: 'the ground', members: ['git', 'process', '.'], sideways: true },
];

/** A file's rung and its unit (the member it belongs to: a folder, or a file named on its own). */
function placeOf(file: string): { rung: number; unit: string } {
  for (const [rung, layer] of LAYERS.entries()) {
    const byFile = layer.members.find((m) => m === file);
    if (byFile) return { rung, unit: byFile };
  }
  const folder = folderOf(file);
  const rung = LAYERS.findIndex((l) => l.members.includes(folder));
  return { rung, unit: folder };
}

/** Imports that run up today, each to be removed: the test fails when one is fixed (remove it here) or a new one appears. */
const KNOWN_UPWARD: string[] = [];

function upwardImports(): string[] {
  return FILES.flatMap((file) => {
    const from = placeOf(file);
    return importsOf(file)
      .filter((i) => !i.startsWith('node:'))
      .flatMap((i) => {
        const to = placeOf(i);
        if (to.unit === from.unit || to.rung > from.rung) return [];
        if (to.rung === from.rung && LAYERS[from.rung]!.sideways) return [];
        return [`${file} → ${i} (${LAYERS[from.rung]!.rung} → ${LAYERS[to.rung]!.rung})`];
      });
  });
}

describe('layers: imports run down, never up', () => {
  it('every file of src/ is on a rung', () => {
    expect(FILES.filter((f) => placeOf(f).rung < 0)).toEqual([]);
  });

  it('the check sees an import that runs up (a dynamic one too)', () => {
    expect(placeOf('report/messages.ts').rung).toBeGreaterThan(placeOf('report/render-html.ts').rung);
    expect(placeOf('verify/pre-commit.ts').rung).toBeGreaterThan(placeOf('doctor/fixes.ts').rung);
    expect(importsOf('verify/judge.ts')).toContain('verify/run-staged.ts');
  });

  it('no module imports a module above its rung, nor sideways between ordered features', () => {
    expect(upwardImports()).toEqual(KNOWN_UPWARD);
  });
});

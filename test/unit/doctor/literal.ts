/** Literal facts for the checks: a healthy checkout (plain .git/hooks, node runner), and variations. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOOK_NAMES, renderHuskyBlock, renderShim, type HookName } from '../../../src/install/shim.js';
import { emptyState } from '../../../src/state/types.js';
import type { DoctorFacts, FileFact, HookFacts, LayoutFacts, NodeFacts } from '../../../src/doctor/types.js';
import { PROJECT_ROOT } from '../../helpers/repo.js';

export const TOP = '/r';
export const HEAD = 'a'.repeat(40);
export const NODE = '/home/u/.nvm/versions/node/v20.12.2/bin/node';

const template = (f: string) => readFileSync(join(PROJECT_ROOT, 'hooks', f), 'utf8');

export function shim(hook: HookName, nodeFallback = NODE, cli = 'node_modules/tdd-hooks/bin/tdd.js'): string {
  return renderShim(template('shim.sh'), { hook, cli, cliFallback: `${TOP}/${cli}`, nodeFallback });
}

export const huskyScript = (hook: HookName, before = 'npx lint-staged\n'): string =>
  before + renderHuskyBlock(template('husky-block.sh'), { hook, cli: 'node_modules/tdd-hooks/bin/tdd.js' });

export const HUSKY_STUB = '#!/usr/bin/env sh\n. "$(dirname "$0")/h"';

export const file = (content: string, mode = 0o755): FileFact => ({ kind: 'file', content, mode, executable: (mode & 0o111) !== 0 });
export const ABSENT: FileFact = { kind: 'absent' };

export function layout(over: Partial<LayoutFacts> = {}): LayoutFacts {
  return {
    cwd: TOP,
    top: TOP,
    gitDir: `${TOP}/.git`,
    commonDir: `${TOP}/.git`,
    hooksDir: `${TOP}/.git/hooks`,
    defaultHooksDir: `${TOP}/.git/hooks`,
    hooksDirPlace: 'git-dir',
    hooksDirKind: 'dir',
    huskyDir: null,
    linkedWorktree: false,
    ...over,
  };
}

export const shimHooks = (over: (h: HookName) => Partial<HookFacts> = () => ({})): HookFacts[] =>
  HOOK_NAMES.map((hook) => ({ hook, run: file(shim(hook)), chained: ABSENT, script: null, stranded: null, ...over(hook) }));

export const huskyHooks = (over: (h: HookName) => Partial<HookFacts> = () => ({})): HookFacts[] =>
  HOOK_NAMES.map((hook) => ({ hook, run: file(HUSKY_STUB), chained: ABSENT, script: file(huskyScript(hook), 0o644), stranded: null, ...over(hook) }));

export function node(over: Partial<NodeFacts> = {}): NodeFacts {
  return {
    platform: 'linux',
    self: { path: NODE, version: 'v20.12.2' },
    onPath: { path: NODE, version: 'v20.12.2' },
    guiPath: '/usr/bin:/bin',
    onGuiPath: null,
    fallbacks: [{ path: NODE, version: 'v20.12.2' }],
    huskyInit: null,
    ...over,
  };
}

/** A healthy checkout; `over` replaces whole top-level facts. */
export function facts(over: Partial<DoctorFacts> = {}): DoctorFacts {
  return {
    layout: layout(),
    hooksPath: null,
    hooks: shimHooks(),
    project: { packageManager: 'npm', dependencies: ['tdd-hooks'], huskyInstalled: false },
    cli: [
      {
        cli: 'node_modules/tdd-hooks/bin/tdd.js',
        present: true,
        fallback: `${TOP}/node_modules/tdd-hooks/bin/tdd.js`,
        fallbackPresent: true,
        hooks: [...HOOK_NAMES],
      },
    ],
    node: node(),
    config: { ok: true, source: '.tddrc.json', runner: 'node', autoAdvance: true, warnings: [] },
    runners: [{ name: 'node', root: '.', entry: null, present: false, version: null, nodeReporter: true }],
    state: { kind: 'ok', path: `${TOP}/.git/tdd/state.json`, state: emptyState(new Date('2024-01-01T00:00:00Z')) },
    pending: { kind: 'absent', path: `${TOP}/.git/tdd/pending.json` },
    history: { head: HEAD, rebuilt: emptyState(new Date('2024-01-01T00:00:00Z')), ancestors: {}, latest: null },
    env: {},
    indexLock: null,
    agents: { installed: [], cli: { rel: 'node_modules/tdd-hooks/bin/tdd.js', present: true } },
    ...over,
  };
}

/** A husky 9 checkout: core.hooksPath=.husky/_ in .git/config, the blocks in .husky/<hook>. */
export function huskyFacts(over: Partial<DoctorFacts> = {}): DoctorFacts {
  return facts({
    layout: layout({ hooksDir: `${TOP}/.husky/_`, hooksDirPlace: 'worktree', huskyDir: `${TOP}/.husky` }),
    hooksPath: { value: '.husky/_', origin: 'file:.git/config', scope: 'local' },
    hooks: huskyHooks(),
    project: { packageManager: 'npm', dependencies: ['husky', 'tdd-hooks'], huskyInstalled: true },
    cli: [{ cli: 'node_modules/tdd-hooks/bin/tdd.js', present: true, fallback: null, fallbackPresent: false, hooks: [...HOOK_NAMES] }],
    node: node({ fallbacks: [], huskyInit: { path: '/home/u/.config/husky/init.sh', exists: true, node: NODE } }),
    ...over,
  });
}

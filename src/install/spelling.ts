/**
 * How tdd-hooks was installed, and so how its commands are spelled in every "next:" hint: `tdd …`
 * (a global install: `npm i -g tdd-hooks`), `npx tdd …`, `pnpm exec tdd …`, `yarn tdd …`,
 * `bunx tdd …` (a project's own). Pure: what it reads comes in as facts (readInstallKind in
 * install/read-kind.ts gathers them).
 */
import { packageManagerOf } from '../config/package-managers.js';

export type InstallKind = 'npm' | 'pnpm' | 'yarn' | 'bun' | 'global';

const PREFIX: Record<InstallKind, string> = { npm: 'npx ', pnpm: 'pnpm exec ', yarn: 'yarn ', bun: 'bunx ', global: '' };

export interface InstallFacts {
  /** The folder of the running tdd-hooks package (forward slashes). */
  packageRoot: string;
  /** `npm_config_user_agent`: the package manager that started us, if one did. */
  userAgent: string | undefined;
  /** Yarn Plug'n'Play is loaded (process.versions.pnp), or the package sits in Yarn's cache. */
  pnp: boolean;
  /** Whether a file exists in the folder that holds node_modules/tdd-hooks. */
  projectHas: (file: string) => boolean;
}

/** The folder a package path is installed under: `/p/node_modules/.pnpm/x/node_modules/tdd-hooks` → `/p`. */
export function projectOf(packageRoot: string): string | undefined {
  const at = packageRoot.indexOf('/node_modules/');
  return at < 0 ? undefined : packageRoot.slice(0, at) || '/';
}

export function classifyInstall(f: InstallFacts): InstallKind {
  if (f.pnp || /\/\.yarn\/|\.zip\//.test(f.packageRoot)) return 'yarn';
  // Not below a node_modules (a checkout of tdd-hooks itself), or below one with no package.json
  // beside it (npm's global prefix, lib/node_modules): on PATH. npx's cache has a package.json.
  if (projectOf(f.packageRoot) === undefined || !f.projectHas('package.json')) return 'global';
  const agent = /^(npm|pnpm|yarn|bun)\//.exec(f.userAgent ?? '')?.[1] as InstallKind | undefined;
  if (agent) return agent;
  return packageManagerOf((file) => f.projectHas(file));
}

export function commandPrefix(kind: InstallKind): string {
  return PREFIX[kind];
}

const COMMANDS = 'install|uninstall|phase|status|verify|stage|waves|attempt|rollback|report|red-check|audit|doctor|demo|hook';
// A command as a hint spells it (`tdd phase red`, npx tdd-hooks install, (tdd audit HEAD)), not
// first on a line (indented or not), where `tdd audit main..HEAD: 3 commits` is a title.
const MENTION = new RegExp(`(?<=[\\s\`("'])(?<!^[ \\t]*)(?:npx |pnpm exec |yarn |bunx )?(tdd(?:-hooks)?) (?=(?:${COMMANDS})\\b)`, 'gm');

/** Rewrites each command a text mentions to the spelling of this install. */
export function spellCommands(text: string, kind: InstallKind): string {
  return text.replace(MENTION, (_, name: string) => `${PREFIX[kind]}${name} `);
}

/** Whether a text mentions a command at all (cheap: checked before the install is looked at). */
export function mentionsCommand(text: string): boolean {
  // Every mention holds `tdd ` or `tdd-hooks `: most hook output (`tdd: ✓ RED …`) holds neither.
  if (!text.includes('tdd ') && !text.includes('tdd-hooks ')) return false;
  MENTION.lastIndex = 0;
  const found = MENTION.test(text);
  MENTION.lastIndex = 0;
  return found;
}

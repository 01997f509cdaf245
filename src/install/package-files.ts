/**
 * This package's own files as install sees them: the hook templates it ships, its bin, and the path
 * by which the hooks of a given repository should reach that bin.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { HOOK_TEMPLATES, PACKAGE_BIN } from '../paths.js';
import { isInside, realpathLoose, toPosix } from './paths.js';
import { DEFAULT_CLI, type Templates } from './shim.js';

export { PACKAGE_BIN };

export function readTemplates(): Templates {
  return {
    shim: readFileSync(join(HOOK_TEMPLATES, 'shim.sh'), 'utf8'),
    huskyBlock: readFileSync(join(HOOK_TEMPLATES, 'husky-block.sh'), 'utf8'),
  };
}

export interface CliLocation {
  /** The CLI relative to the top level, forward slashes: what the hooks try first. */
  rel: string;
  /** The CLI as install found it, absolute: the fallback of hooks in the git dir. */
  abs: string;
  /**
   * `$schema` for a `.tddrc.json` at the top level, when the package lies in the project. A global
   * install (or npx's cache) has no path a committed file could name: no `$schema` then.
   */
  schemaRef: string | undefined;
}

/**
 * How hooks reach `packageBin`. Prefer the `node_modules/tdd-hooks` path as the project sees it (not
 * its realpath: pnpm's `.pnpm/tdd-hooks@1.2.3/…` would go stale on upgrade), searched from
 * `startDir` up to `top` (a monorepo package); then the package itself when it lies in the
 * repository (the tdd-hooks repository: `bin/tdd.js`); else `node_modules/tdd-hooks/bin/tdd.js`,
 * with the absolute path as fallback (npx cache, a sibling worktree's node_modules).
 */
export function locateCli(top: string, startDir: string, packageBin: string): CliLocation {
  const real = realpathLoose(packageBin);
  let found: string | undefined;
  for (let d = realpathLoose(startDir); isInside(d, top); d = dirname(d)) {
    const candidate = join(d, DEFAULT_CLI);
    if (existsSync(candidate) && realpathLoose(candidate) === real) {
      found = candidate;
      break;
    }
    if (d === top) break;
  }
  if (found === undefined && isInside(real, top)) found = real;
  const abs = found ?? packageBin;
  // Inside a zip of Yarn's cache (Plug'n'Play): no file a hook or an editor can open.
  const inProject = isInside(abs, top) && !/\.zip[\\/]/.test(abs);
  const rel = inProject ? toPosix(relative(top, abs)) : DEFAULT_CLI;
  return { rel, abs, schemaRef: inProject ? `./${posix.join(posix.dirname(posix.dirname(rel)), 'schema', 'tddrc.schema.json')}` : undefined };
}

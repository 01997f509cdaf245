/**
 * Where a JS monorepo's packages are: package.json `workspaces` (npm, yarn: an array, or
 * `{ "packages": [...] }`) and pnpm-workspace.yaml `packages:`. Globs of folders, `!` ones leaving
 * folders out. Pure.
 */
import { parseYamlTop } from './runner-tests/formats.js';
import { cleanRelative } from './runner-tests/paths.js';

export interface WorkspaceGlobs {
  include: string[];
  exclude: string[];
}

function listOf(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

/** The package folders' globs a repository's top declares (none: not a monorepo). */
export function parseWorkspaceGlobs(packageJson: unknown, pnpmWorkspaceYaml: string | undefined): WorkspaceGlobs {
  const pkg = packageJson !== null && typeof packageJson === 'object' ? (packageJson as Record<string, unknown>) : {};
  const npm = pkg.workspaces;
  const pnpm = pnpmWorkspaceYaml === undefined ? undefined : parseYamlTop(pnpmWorkspaceYaml).get('packages');
  const all = [...listOf(npm), ...listOf((npm as Record<string, unknown> | undefined)?.packages), ...listOf(pnpm)];
  const out: WorkspaceGlobs = { include: [], exclude: [] };
  for (const raw of all) {
    const negated = raw.startsWith('!');
    const glob = cleanRelative(negated ? raw.slice(1) : raw);
    if (glob === undefined || glob === '.') continue;
    (negated ? out.exclude : out.include).push(glob);
  }
  return out;
}

/** lerna.json's `packages` (lerna without npm workspaces), as globs of the same shape. */
export function parseLernaGlobs(lernaJson: unknown): WorkspaceGlobs {
  const packages = lernaJson !== null && typeof lernaJson === 'object' ? (lernaJson as Record<string, unknown>).packages : undefined;
  return parseWorkspaceGlobs({ workspaces: listOf(packages) }, undefined);
}

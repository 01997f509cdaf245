/**
 * cargo's integration tests in a workspace: each member's `tests/<name>.rs` and
 * `tests/<name>/main.rs` (members and exclude are globs and paths from the workspace's Cargo.toml),
 * and the top package's own when the workspace has one. Unit tests inside src/ share their file
 * with the implementation: implementation here, as in a single package. Pure.
 */
import type { TestMatch } from '../schema.js';
import { parseToml } from './formats.js';
import { cleanRelative, under, type RunnerFolder } from './paths.js';

const TESTS = ['tests/*.rs', 'tests/*/main.rs'];

/** A cargo workspace's test files, with its members; undefined when the folder is no workspace (or it cannot be read). */
export function readCargoTests(folder: RunnerFolder): (TestMatch & { members: string[] }) | undefined {
  const text = folder.read('Cargo.toml');
  if (text === null) return undefined;
  const tables = parseToml(text);
  const workspace = tables.get('workspace');
  if (!workspace) return undefined;
  const listed = workspace.get('members') ?? [];
  const excluded = workspace.get('exclude') ?? [];
  if (!Array.isArray(listed) || !Array.isArray(excluded)) return undefined;
  const members: string[] = [];
  for (const m of listed) {
    const clean = cleanRelative(m);
    if (clean === undefined) return undefined;
    if (clean !== '.') members.push(under(folder.root, clean));
  }
  const ignore: string[] = [];
  for (const e of excluded) {
    const clean = cleanRelative(e);
    if (clean === undefined) return undefined;
    ignore.push(under(folder.root, `${clean}/**`));
  }
  const own = tables.has('package') || listed.some((m) => cleanRelative(m) === '.') ? TESTS.map((t) => under(folder.root, t)) : [];
  return { tests: [...own, ...members.flatMap((m) => TESTS.map((t) => `${m}/${t}`))], members, ...(ignore.length > 0 ? { ignore } : {}) };
}

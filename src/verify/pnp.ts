/**
 * Yarn Plug'n'Play in the private copy. A PnP project has no node_modules: `.pnp.cjs` maps every
 * package to a folder (a zip in Yarn's cache, often the global one, ~/.yarn/berry/cache), written
 * relative to the project's top — `../../root/.yarn/berry/cache/vitest-npm-4.1.12-….zip/…`, or a
 * virtual path `./.yarn/__virtual__/vitest-virtual-5868/2/…` that climbs 2 folders from `.yarn`.
 * Copied as it is to the copy, whose top lies elsewhere, those paths would miss. So the copy gets
 * its own `.pnp.cjs`: the same file, its locations outside the project rebased to reach the same
 * folders from the copy (the project's own packages, workspaces, stay relative: they are the
 * commit's files, in the copy). `.pnp.loader.mjs` (the ESM loader) is copied as it is, `.yarn/`
 * linked (the local cache, unplugged packages), and the runner starts through both:
 * NODE_OPTIONS="--require <copy>/.pnp.cjs --experimental-loader <copy>/.pnp.loader.mjs".
 */
import { existsSync } from 'node:fs';
import { copyFile, readFile, writeFile } from '../fs-async.js';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';

export const PNP_FILES = ['.pnp.cjs', '.pnp.loader.mjs'] as const;

// `const RAW_RUNTIME_STATE =\n'{\` … `}';`: a single-quoted JS string, lines continued with `\`.
const STATE = /(const RAW_RUNTIME_STATE =\s*)'((?:[^'\\]|\\[\s\S])*)'/;
const VIRTUAL = /^(.*?\/)__virtual__\/([^/]+)\/(\d+)\/(.*)$/;

function unescapeJs(body: string): string {
  return body.replace(/\\(\r?\n|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_, c: string) => {
    if (c.startsWith('\n') || c.startsWith('\r')) return '';
    if (c.length > 1) return String.fromCharCode(parseInt(c.slice(1), 16));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' } as Record<string, string>)[c] ?? c;
  });
}

/** An absolute folder (forward slashes, trailing slash) → its place as `.pnp.cjs` at `top` writes it. */
function located(top: string, folder: string): string {
  const rel = posix.relative(top, folder);
  return `${rel.startsWith('..') ? rel : `./${rel}`}/`.replace(/\/\/$/, '/');
}

/**
 * Pure: one `packageLocation` of the project at `from`, as the same folder seen from `to`. Inside
 * the project (workspaces, virtual instances of them): unchanged. Outside (a cache): rebased.
 */
export function rebaseLocation(location: string, from: string, to: string): string {
  const virtual = VIRTUAL.exec(location);
  if (virtual) {
    const [, prefix, name, depth, sub] = virtual;
    // Virtual paths climb `depth` folders from the folder that holds __virtual__ (.yarn).
    const base = posix.join(from, prefix!);
    const target = posix.join(base, '../'.repeat(Number(depth)), sub!);
    if (target === from || target.startsWith(`${from}/`)) return location;
    // As yarn writes it (and looks it up): as few folders up as reach the target, then down.
    const rel = posix.relative(posix.join(to, prefix!), target).split('/');
    const up = rel.filter((s) => s === '..').length;
    return `${prefix}__virtual__/${name}/${up}/${rel.slice(up).join('/')}/`;
  }
  const target = posix.join(from, location);
  if (target === `${from}/` || target.startsWith(`${from}/`)) return location;
  return located(to, target);
}

/** Pure: `.pnp.cjs` of the project at `from` → the file for a copy of it at `to` (null: not a PnP file we know). */
export function rebasePnpFile(text: string, from: string, to: string): string | null {
  const m = STATE.exec(text);
  if (!m) return null;
  const state = JSON.parse(unescapeJs(m[2]!)) as { packageRegistryData: [string | null, [string | null, { packageLocation: string }][]][] };
  for (const [, refs] of state.packageRegistryData) for (const [, info] of refs) info.packageLocation = rebaseLocation(info.packageLocation, from, to);
  return text.slice(0, m.index) + m[1] + JSON.stringify(JSON.stringify(state)) + text.slice(m.index + m[0].length);
}

/** NODE_OPTIONS for a process that runs in the copy: yarn's loader, as `yarn node` starts it. */
export function pnpNodeOptions(copy: string, inherited: string | undefined): string {
  const quote = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  // An inherited one (`yarn tdd verify` sets it) names the working tree's files: dropped.
  const kept = (inherited ?? '')
    .replace(/--(?:require|experimental-loader|loader|import)[= ](?:"[^"]*\.pnp\.(?:c?js|loader\.mjs)"|\S*\.pnp\.(?:c?js|loader\.mjs))/g, '')
    .trim();
  const own = [`--require ${quote(join(copy, '.pnp.cjs'))}`];
  if (existsSync(join(copy, '.pnp.loader.mjs'))) own.push(`--experimental-loader ${quote(pathToFileURL(join(copy, '.pnp.loader.mjs')).href)}`);
  return [kept, ...own].filter(Boolean).join(' ');
}

export function isPnpProject(top: string): boolean {
  return existsSync(join(top, '.pnp.cjs'));
}

/** Writes the copy's `.pnp.cjs` and `.pnp.loader.mjs`; false when the project is not PnP. */
export async function writePnpCopy(top: string, copy: string): Promise<boolean> {
  const text = await readFile(join(top, '.pnp.cjs'), 'utf8').catch(() => null);
  if (text === null) return false;
  const posixOf = (p: string) => p.replaceAll('\\', '/');
  const rebased = rebasePnpFile(text, posixOf(top), posixOf(copy));
  if (rebased === null) return false;
  await writeFile(join(copy, '.pnp.cjs'), rebased);
  if (existsSync(join(top, '.pnp.loader.mjs'))) await copyFile(join(top, '.pnp.loader.mjs'), join(copy, '.pnp.loader.mjs'));
  return true;
}

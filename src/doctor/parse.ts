/** Pure parsers of what doctor reads: git's config answer, a hook's call of the CLI, node's version. (The shim's and the husky block's own formats are parsed beside their renderers, in install/shim.ts.) */
import type { HooksPathSetting } from './types.js';

/**
 * `git config --show-scope --show-origin --get core.hooksPath` (git ≥ 2.26), one line:
 *
 *   local\tfile:.git/config\t.husky/_
 *   command\tcommand line:\t/dev/null
 */
export function parseHooksPathSetting(out: string): HooksPathSetting | null {
  const line = out.replace(/\r?\n$/, '');
  const first = line.indexOf('\t');
  const second = line.indexOf('\t', first + 1);
  if (first < 0 || second < 0) return null;
  return { scope: line.slice(0, first), origin: line.slice(first + 1, second), value: line.slice(second + 1) };
}

/** `v20.12.1` ≥ `20.12.0`. Unparsable counts as old enough: doctor must not invent a problem. */
export function isVersionAtLeast(version: string, min: string): boolean {
  const parse = (v: string): number[] | null => {
    const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(v.trim());
    return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
  };
  const [a, b] = [parse(version), parse(min)];
  if (!a || !b) return true;
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
}

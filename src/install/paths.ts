/** Path comparisons that hold for folders not made yet and for symlinked temp dirs. */
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';

/** `child` is `parent` or lies below it. */
export function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** realpath of the longest existing prefix with the rest appended. */
export function realpathLoose(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realpathLoose(parent), basename(path));
  }
}

/** Forward slashes, for shell scripts and JSON. */
export const toPosix = (p: string): string => p.split(sep).join('/');

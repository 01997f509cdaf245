/** What the runner readers share: how they are handed files, and how their paths become the repository's. Pure. */

/**
 * A file of the runner's folder by name (`.mocharc.yml`, `pyproject.toml`): its text, or null when
 * the tree has none.
 */
export type ReadRunnerFile = (name: string) => string | null;

/** Where a runner lives and what its folder holds. */
export interface RunnerFolder {
  /** Repository-relative folder ('.' for the top). */
  root: string;
  read: ReadRunnerFile;
  /** The folder's package.json, parsed (undefined when absent or not an object). */
  packageJson: Record<string, unknown> | undefined;
}

/** `/x`, `C:x`, or a Windows path (a backslash): never a path inside the folder. */
const isAbsolute = (path: string): boolean => path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\');

/** `./test/` → `test`, `.` → `.`; undefined for a path that leaves the folder or is absolute. */
export function cleanRelative(path: string): string | undefined {
  if (isAbsolute(path)) return undefined;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length === 0 ? '.' : parts.join('/');
}

/** `api` + `tests/**` → `api/tests/**`: a runner's own path, from the repository's top. */
export function under(root: string, path: string): string {
  if (root === '.') return path;
  return path === '.' ? root : `${root}/${path}`;
}

/** `rel` from the runner's folder as a repository-relative path; undefined when absolute or above the top. */
export function resolveIn(root: string, rel: string): string | undefined {
  if (isAbsolute(rel)) return undefined;
  return cleanRelative(under(root, rel));
}

/** Whether a glob has any of picomatch's (and glob's) special characters. */
export function hasMagic(path: string): boolean {
  return /[*?[\]{}()!+@]/.test(path);
}

/** A record from a parsed value; undefined for anything else. */
export function asRecord(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** A list of strings from a value that is one string or an array of strings; undefined for anything else. */
export function stringList(v: unknown): string[] | undefined {
  if (typeof v === 'string') return [v];
  return Array.isArray(v) && v.every((s) => typeof s === 'string') ? (v as string[]) : undefined;
}

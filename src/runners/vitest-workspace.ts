/**
 * The vitest projects of a runner's folder, read literally, as vitest finds them: the
 * configuration's `test.projects`, else a workspace file (`vitest.workspace.*`, vitest 2–3:
 * `defineWorkspace([...])`, `export default [...]`, a JSON array). A string entry is a path or a glob
 * of project folders or configuration files (`'packages/*'`, `'packages/*\/vitest.config.ts'`):
 * each match whose configuration names its project literally (`test: { name: 'x' }`) is read, with
 * whether it runs in a browser. What cannot be read so (a spread, a variable, a `**` or negated glob,
 * a project without a literal name) is listed in `unread`: the related run's bounds are then not
 * established, and that is said (RELATED_PROJECTS_UNREAD). Pure over a reader of the folder.
 */
import picomatch from 'picomatch';
import { VITEST_FILES } from '../config/runner-tests/files.js';
import { tokenize, type Token } from '../config/runner-tests/vitest.js';
import { closing, readProject, scanEntries, scanProjectList, type VitestProject } from './vitest-projects.js';

export const WORKSPACE_FILES = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs', 'json'].map((e) => `vitest.workspace.${e}`);

/** A folder's files: a file's text (null when it is not a readable file), a folder's entries (null when it is not a folder). */
export interface FolderReader {
  read(path: string): string | null;
  list(dir: string): { name: string; dir: boolean }[] | null;
}

export interface ProjectBounds {
  projects: VitestProject[];
  /** Every project is among `projects` (their names can be the filters). */
  complete: boolean;
  /** What could not be read, each naming the file and the entry. */
  unread: string[];
}

/** Matches of one glob past this are not read one by one (the entry is unread). */
const MAX_MATCHES = 500;

export function readVitestBounds(fs: FolderReader): ProjectBounds {
  const config = VITEST_FILES.find((f) => fs.read(f) !== null);
  let list: { projects: VitestProject[]; strings: string[]; unread: boolean; found: boolean } = scanProjectList(config === undefined ? '' : fs.read(config)!);
  let file = config ?? '';
  if (!list.found) {
    const ws = WORKSPACE_FILES.find((f) => fs.read(f) !== null);
    // One project: nothing to leave out.
    if (ws === undefined) return { projects: [], complete: true, unread: [] };
    file = ws;
    list = scanWorkspace(fs.read(ws)!);
  }
  const unread = list.unread ? [`${file}: an entry that is not a literal project or path`] : [];
  const projects = [...list.projects];
  for (const entry of list.strings) {
    const read = readStringEntry(fs, entry);
    if (read === null) unread.push(`${file}: '${entry}'`);
    else projects.push(...read);
  }
  return { projects, complete: unread.length === 0, unread };
}

/** Pure: a workspace file's array (`defineWorkspace([...])`, `export default [...]`, JSON). */
export function scanWorkspace(code: string): { projects: VitestProject[]; strings: string[]; unread: boolean; found: boolean } {
  const tokens = tokenize(code);
  const at = tokens.findIndex((t, i) => t.text === '[' && (i === 0 || tokens[i - 1]!.text === '(' || tokens[i - 1]!.text === 'default'));
  const out = { projects: [] as VitestProject[], strings: [] as string[], unread: false };
  if (at < 0) return { ...out, unread: true, found: true };
  scanEntries(tokens, at, out);
  return { ...out, found: true };
}

/** The projects a string entry names, each with a literal name; null when one cannot be read. */
function readStringEntry(fs: FolderReader, entry: string): VitestProject[] | null {
  if (entry.startsWith('!') || entry.includes('**')) return null;
  const paths = expand(fs, entry.replace(/^\.\//, '').replace(/\/+$/, ''));
  if (paths === null || paths.length > MAX_MATCHES) return null;
  const out: VitestProject[] = [];
  for (const path of paths) {
    const text = fs.read(path) ?? configIn(fs, path);
    const project = text === null ? undefined : projectOfConfig(text);
    if (!project) return null;
    out.push(project);
  }
  return out;
}

/** The configuration file of a project folder, as vitest looks for it; null when it has none. */
function configIn(fs: FolderReader, dir: string): string | null {
  if (fs.list(dir) === null) return null;
  for (const f of VITEST_FILES) {
    const text = fs.read(`${dir}/${f}`);
    if (text !== null) return text;
  }
  return null;
}

/** Pure: the project a configuration file defines (`defineProject({…})`, `defineConfig({…})`, `export default {…}`), by its literal name. */
export function projectOfConfig(code: string): VitestProject | undefined {
  const tokens: Token[] = tokenize(code);
  const at = tokens.findIndex((t, i) => t.text === '{' && (tokens[i - 1]?.text === '(' || tokens[i - 1]?.text === 'default'));
  return at < 0 ? undefined : readProject(tokens.slice(at + 1, closing(tokens, at)));
}

/** The paths a path or glob matches, segment by segment; null when a folder of it cannot be listed. */
function expand(fs: FolderReader, pattern: string): string[] | null {
  let paths = [''];
  for (const segment of pattern.split('/')) {
    if (!/[*?[{]/.test(segment)) {
      paths = paths.map((p) => (p === '' ? segment : `${p}/${segment}`));
      continue;
    }
    const match = picomatch(segment);
    const next: string[] = [];
    for (const p of paths) {
      const entries = fs.list(p === '' ? '.' : p);
      if (entries === null) return null;
      for (const e of entries) if (match(e.name) && !e.name.startsWith('.') && e.name !== 'node_modules') next.push(p === '' ? e.name : `${p}/${e.name}`);
    }
    paths = next;
  }
  return paths.filter((p) => fs.read(p) !== null || fs.list(p) !== null);
}

/**
 * The vitest projects a developer runs locally, for `vitest related`: a project whose tests run in
 * a browser (`browser: { enabled: true }`) or that is named as end-to-end (an `e2e` part of its
 * name) is left out of REFACTOR's related run (`--project '!name'`, vitest 4) unless the
 * configuration's `relatedProjects` names it. vue's `related` on one shared source ran 183 files,
 * its e2e and browser projects too: five minutes, then exit 3 (or exit 1 for a missing Chrome).
 * Pure: read from the configuration file's text (config/runner-tests/vitest's scanner), never run.
 */
import { tokenize, stringValue, type Token } from '../config/runner-tests/vitest.js';

export interface VitestProject {
  name: string;
  browser: boolean;
}

/** The inline projects of `test.projects` (or a workspace array) that have a literal name; a string entry (a glob of configs) is not read. */
export function scanVitestProjects(code: string): VitestProject[] {
  return scanProjectList(code).projects;
}

/**
 * The inline projects, and whether they are every project: one `projects` array whose entries are
 * all inline objects (or `defineProject({…})`) with a literal name — no string entry (a glob of
 * configs), spread or variable, whose projects' names cannot be read here. `strings`: the string
 * entries (read by runners/vitest-workspace.ts); `unread`: whether an entry is neither; `found`:
 * whether there is a `projects` array at all.
 */
export function scanProjectList(code: string): { projects: VitestProject[]; complete: boolean; strings: string[]; unread: boolean; found: boolean } {
  const tokens = tokenize(code);
  const out = { projects: [] as VitestProject[], strings: [] as string[], unread: false };
  let arrays = 0;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (!(tokens[i]!.text === 'projects' && tokens[i + 1]!.text === ':' && tokens[i + 2]!.text === '[')) continue;
    arrays++;
    i = scanEntries(tokens, i + 2, out);
  }
  const complete = !out.unread && out.strings.length === 0 && arrays === 1;
  return { ...out, unread: out.unread || arrays > 1, complete, found: arrays > 0 };
}

/** Pure: the entries of the array opened at `open` (its closing index returned): inline named projects, string entries, anything else. */
export function scanEntries(tokens: Token[], open: number, out: { projects: VitestProject[]; strings: string[]; unread: boolean }): number {
  const end = closing(tokens, open);
  // Per entry (between commas): a named inline project, a string, and anything else in it.
  let named = false;
  let other = false;
  let str: string | undefined;
  const endEntry = () => {
    if (str !== undefined && !named && !other) out.strings.push(str);
    else if (other || str !== undefined) out.unread = true;
    named = other = false;
    str = undefined;
  };
  for (let j = open + 1; j < end; j++) {
    const t = tokens[j]!;
    if (t.text === ',') endEntry();
    else if (t.text === '{') {
      const close = closing(tokens, j);
      const project = named ? undefined : readProject(tokens.slice(j + 1, close));
      if (project) out.projects.push(project);
      else other = true;
      named = true;
      j = close;
    } else if (t.kind === 'string' && str === undefined && !named && stringValue(t) !== undefined) str = stringValue(t);
    else if (t.text !== 'defineProject' && t.text !== '(' && t.text !== ')') other = true;
  }
  endEntry();
  return end;
}

/**
 * Pure: the `--project` filters of a related run that leaves out `excluded`. vitest (4.1 at least)
 * ORs its filters, so two `--project=!name` exclude nothing (each project passes the other's), and
 * before 4.1 a negation kept a browser project's instances (`name (chromium)`); a negation needs
 * vitest 3. So when every project is known, the filters name the projects kept instead.
 */
export function projectFilters(list: { projects: VitestProject[]; complete: boolean }, excluded: readonly string[]): string[] {
  if (excluded.length === 0) return [];
  const kept = list.projects.filter((p) => !excluded.includes(p.name)).map((p) => p.name);
  if (list.complete && kept.length > 0) return kept.map((name) => `--project=${name}`);
  return excluded.map((name) => `--project=!${name}`);
}

/**
 * Pure: the projects `related` leaves out — browser ones (`browser.enabled`) and those named as
 * end-to-end (an `e2e` part) the user did not name in relatedProjects. A project merely *named*
 * browser is kept: it is most often jsdom or happy-dom in node, and a REFACTOR that breaks it must
 * be refused.
 */
export function excludedProjects(projects: VitestProject[], include: readonly string[]): string[] {
  const endToEnd = (name: string) =>
    name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .some((part) => part === 'e2e');
  return projects.filter((p) => (p.browser || endToEnd(p.name)) && !include.includes(p.name)).map((p) => p.name);
}

export function closing(tokens: Token[], open: number): number {
  const pairs: Record<string, string> = { '[': ']', '{': '}', '(': ')' };
  let depth = 0;
  for (let k = open; k < tokens.length; k++) {
    const t = tokens[k]!.text;
    if (t in pairs) depth++;
    else if (t === ']' || t === '}' || t === ')') depth--;
    if (depth === 0) return k;
  }
  return tokens.length;
}

export function readProject(body: Token[]): VitestProject | undefined {
  let name: string | undefined;
  let browser = false;
  // The project's own name only: at its top or in its `test: {…}`, not an instance's or a variable's deeper in.
  let depth = 0;
  let inTest = false;
  for (let k = 0; k + 2 < body.length; k++) {
    const key = body[k]!.text;
    if (key === '{' || key === '[' || key === '(') {
      if (depth === 0 && key === '{' && body[k - 1]?.text === ':' && body[k - 2]?.text === 'test') inTest = true;
      depth++;
    } else if (key === '}' || key === ']' || key === ')') {
      depth--;
      if (depth === 0) inTest = false;
    }
    if (body[k + 1]!.text !== ':') continue;
    if (key === 'name' && name === undefined && (depth === 0 || (depth === 1 && inTest))) name = stringValue(body[k + 2]!);
    if (key === 'browser' && body[k + 2]!.text === '{') {
      const inner = body.slice(k + 3, closing(body, k + 2));
      browser ||= inner.some((t, m) => t.text === 'enabled' && inner[m + 1]?.text === ':' && inner[m + 2]?.text === 'true');
    }
  }
  return name === undefined ? undefined : { name, browser };
}

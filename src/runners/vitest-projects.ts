/**
 * The vitest projects a developer runs locally, for `vitest related`: a project whose tests run in
 * a browser (`browser: { enabled: true }`) or that is named as end-to-end (`e2e`, `browser` in its
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
  const tokens = tokenize(code);
  const out: VitestProject[] = [];
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (!(tokens[i]!.text === 'projects' && tokens[i + 1]!.text === ':' && tokens[i + 2]!.text === '[')) continue;
    const end = closing(tokens, i + 2);
    for (let j = i + 3; j < end; j++) {
      if (tokens[j]!.text !== '{') continue;
      const close = closing(tokens, j);
      const project = readProject(tokens.slice(j + 1, close));
      if (project) out.push(project);
      j = close;
    }
    i = end;
  }
  return out;
}

/** Pure: the projects `related` leaves out — browser or e2e ones the user did not name in relatedProjects. */
export function excludedProjects(projects: VitestProject[], include: readonly string[]): string[] {
  const endToEnd = (name: string) =>
    name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .some((part) => part === 'e2e' || part === 'browser');
  return projects.filter((p) => (p.browser || endToEnd(p.name)) && !include.includes(p.name)).map((p) => p.name);
}

function closing(tokens: Token[], open: number): number {
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

function readProject(body: Token[]): VitestProject | undefined {
  let name: string | undefined;
  let browser = false;
  for (let k = 0; k + 2 < body.length; k++) {
    const key = body[k]!.text;
    if (body[k + 1]!.text !== ':') continue;
    if (key === 'name' && name === undefined) name = stringValue(body[k + 2]!);
    if (key === 'browser' && body[k + 2]!.text === '{') {
      const inner = body.slice(k + 3, closing(body, k + 2));
      browser ||= inner.some((t, m) => t.text === 'enabled' && inner[m + 1]?.text === ':' && inner[m + 2]?.text === 'true');
    }
  }
  return name === undefined ? undefined : { name, browser };
}

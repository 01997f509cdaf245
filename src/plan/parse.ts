/**
 * Plan input (pure): JSON text → tasks, or every problem at once, each naming the file, the key
 * path (`tasks[3].files[0]`), the task's id when it has a valid one, what was expected and what was
 * found. Accepted shapes: an array of tasks, or the plan file `{ "tasks": [...], "title": ... }`.
 */
import type { PlanTask } from './waves.js';

export interface PlanProblem {
  file: string;
  key: string;
  /** The id of the task the key belongs to, when it has a valid one. */
  id?: string;
  expected: string;
  found: string;
}

export interface ParsedPlan {
  tasks: PlanTask[];
  problems: PlanProblem[];
}

/** The ids `tdd phase red --task ID` accepts, so every planned task can be made active. */
const ID = /^[\w.\-/#:]{1,64}$/;
const ID_EXPECTED = 'a string or number of letters, digits and . - _ / # : (1 to 64)';
const PATH_EXPECTED = 'a path relative to the repository root (no leading /, no ..)';

export function parsePlanText(text: string, file: string): ParsedPlan {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // a BOM some editors write
  if (body.trim() === '') return failed({ file, key: '(root)', expected: 'JSON: an array of tasks, or {"tasks": [...]}', found: 'empty input' });
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch (e) {
    return failed({ file, key: '(root)', expected: 'valid JSON', found: (e as Error).message });
  }
  return parsePlan(raw, file);
}

export function parsePlan(raw: unknown, file: string): ParsedPlan {
  let list: unknown = raw;
  let prefix = '';
  if (isObject(raw)) {
    list = raw.tasks;
    prefix = 'tasks';
  }
  if (!Array.isArray(list)) {
    const key = prefix || '(root)';
    return failed({ file, key, expected: 'an array of tasks, or an object {"tasks": [...]}', found: describe(list) });
  }
  const problems: PlanProblem[] = [];
  const tasks: PlanTask[] = [];
  list.forEach((item: unknown, i) => {
    const at = `${prefix}[${i}]`;
    if (!isObject(item)) {
      problems.push({ file, key: at, expected: 'a task object {"id", "files", "tests", "deps"}', found: describe(item) });
      return;
    }
    const id = asId(item.id);
    const where = id === undefined ? {} : { id };
    const problem = (key: string, expected: string, found: unknown) => problems.push({ file, key: `${at}.${key}`, ...where, expected, found: describe(found) });
    if (id === undefined) problem('id', ID_EXPECTED, item.id);
    const files = paths(item.files, 'files', problem);
    const tests = paths(item.tests, 'tests', problem);
    const deps = depIds(item.deps, problem);
    const title = typeof item.title === 'string' ? { title: item.title } : {};
    if (id !== undefined && files && tests && deps) tasks.push({ id, ...title, files, tests, deps });
  });
  return { tasks: problems.length > 0 ? [] : tasks, problems };
}

/**
 * The form in which paths are compared: forward slashes, no `./`, no empty or `.` segments —
 * `./src\\a.ts` and `src//./a.ts` are both `src/a.ts`. Undefined for what is not a path inside
 * the repository (empty, absolute, drive letter, `..`).
 */
export function normalizePath(path: string): string | undefined {
  const slashed = path.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed)) return undefined;
  const parts = slashed.split('/').filter((s) => s !== '' && s !== '.');
  if (parts.length === 0 || parts.includes('..')) return undefined;
  return parts.join('/');
}

type Report = (key: string, expected: string, found: unknown) => void;

function paths(value: unknown, key: 'files' | 'tests', problem: Report): string[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return void problem(key, `an array of ${key === 'tests' ? 'test file' : 'file'} paths`, value);
  let ok = true;
  const out = value.map((p: unknown, i) => {
    const normal = typeof p === 'string' ? normalizePath(p) : undefined;
    if (normal === undefined) {
      ok = false;
      problem(`${key}[${i}]`, PATH_EXPECTED, p);
    }
    return normal ?? '';
  });
  return ok ? out : undefined;
}

function depIds(value: unknown, problem: Report): string[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return void problem('deps', 'an array of task ids', value);
  let ok = true;
  const out = value.map((d: unknown, i) => {
    const id = asId(d);
    if (id === undefined) {
      ok = false;
      problem(`deps[${i}]`, ID_EXPECTED, d);
    }
    return id ?? '';
  });
  return ok ? out : undefined;
}

function asId(value: unknown): string | undefined {
  const id = typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  return id !== undefined && ID.test(id) ? id : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function failed(problem: PlanProblem): ParsedPlan {
  return { tasks: [], problems: [problem] };
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  let s: string;
  try {
    s = JSON.stringify(v);
  } catch {
    // JSON.parse reads deeper nesting than JSON.stringify writes back (RangeError).
    return Array.isArray(v) ? 'an array nested too deeply to show' : 'an object nested too deeply to show';
  }
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/**
 * tdd-hooks' entries in an agent's JSON settings: merged into whatever the file holds (the user's
 * own hooks, permissions, anything else stay as they are and where they are), found again by their
 * command, and taken out exactly: a group, an event or a `hooks` object tdd-hooks emptied goes,
 * and a file that held nothing else is deleted. Written back in the file's own indentation. Pure.
 */
import { isOurCommand, type AgentFile } from './agent-entries.js';
import type { AgentName } from '../agent/types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
/** The same entries, whatever order the file's events come in. */
const sameSet = (a: unknown[], b: unknown[]): boolean => same(a.map((x) => JSON.stringify(x)).sort(), b.map((x) => JSON.stringify(x)).sort());

export class MergeProblem extends Error {}

/** The indentation the file already uses (its first indented line), two spaces for a new one. */
export function indentOf(text: string): string {
  return /^([ \t]+)["}\]]/m.exec(text)?.[1] ?? '  ';
}

export function parseSettings(text: string | null): Obj {
  if (text === null || text.trim() === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new MergeProblem(`not valid JSON (${(e as Error).message})`);
  }
  if (!isObj(v)) throw new MergeProblem('not a JSON object');
  return v;
}

export function renderSettings(value: Obj, previous: string | null): string {
  const indent = previous ? indentOf(previous) : '  ';
  return JSON.stringify(value, null, indent) + (previous === null || previous.endsWith('\n') ? '\n' : '');
}

function hooksOf(root: Obj): Obj {
  const hooks = root.hooks;
  if (hooks === undefined) return {};
  if (!isObj(hooks)) throw new MergeProblem('"hooks" is not an object');
  return hooks;
}

function eventList(hooks: Obj, event: string): unknown[] {
  const list = hooks[event];
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new MergeProblem(`"hooks.${event}" is not a list`);
  return list;
}

/** [event, matcher, handler] of every tdd-hooks handler in the file, in order. */
function oursIn(file: AgentFile, agent: AgentName, hooks: Obj): [string, unknown, unknown][] {
  const out: [string, unknown, unknown][] = [];
  for (const event of Object.keys(hooks)) {
    for (const item of eventList(hooks, event)) {
      if (file.kind === 'flat') {
        if (isObj(item) && isOurCommand(agent, item.command)) out.push([event, undefined, item]);
      } else if (isObj(item) && Array.isArray(item.hooks)) {
        for (const h of item.hooks) if (isObj(h) && isOurCommand(agent, h.command)) out.push([event, item.matcher, h]);
      }
    }
  }
  return out;
}

/** The file's hooks without ours: emptied groups and events dropped, everything else kept in place. */
function withoutOurs(file: AgentFile, agent: AgentName, hooks: Obj): Obj {
  const out: Obj = {};
  for (const event of Object.keys(hooks)) {
    const kept: unknown[] = [];
    for (const item of eventList(hooks, event)) {
      if (file.kind === 'flat') {
        if (!(isObj(item) && isOurCommand(agent, item.command))) kept.push(item);
      } else if (isObj(item) && Array.isArray(item.hooks)) {
        const rest = item.hooks.filter((h) => !(isObj(h) && isOurCommand(agent, h.command)));
        if (rest.length === item.hooks.length) kept.push(item);
        else if (rest.length > 0) kept.push({ ...item, hooks: rest });
      } else kept.push(item);
    }
    if (kept.length > 0) out[event] = kept;
  }
  return out;
}

/** `root` with exactly our entries of `file`; `changed` false when they were there already. */
export function mergeEntries(file: Exclude<AgentFile, { kind: 'own' }>, agent: AgentName, root: Obj): { root: Obj; changed: boolean } {
  const hooks = hooksOf(root);
  const desired: [string, unknown, unknown][] =
    file.kind === 'flat' ? file.entries.map((e) => [e.event, undefined, e.handler]) : file.entries.map((e) => [e.event, e.matcher, e.handler]);
  if (sameSet(oursIn(file, agent, hooks), desired)) return { root, changed: false };
  const next = withoutOurs(file, agent, hooks);
  for (const [event, matcher, handler] of desired) {
    const item = file.kind === 'flat' ? handler : { ...(matcher === undefined ? {} : { matcher }), hooks: [handler] };
    next[event] = [...((next[event] as unknown[] | undefined) ?? []), item];
  }
  const base = Object.keys(root).length === 0 && file.kind === 'flat' ? { ...file.top } : {};
  return { root: { ...base, ...root, hooks: next }, changed: true };
}

/** `root` without our entries; `empty` when nothing but what install itself added is left. */
export function removeEntries(file: Exclude<AgentFile, { kind: 'own' }>, agent: AgentName, root: Obj): { root: Obj; changed: boolean; empty: boolean } {
  const hooks = hooksOf(root);
  if (oursIn(file, agent, hooks).length === 0) return { root, changed: false, empty: false };
  const rest = withoutOurs(file, agent, hooks);
  const { hooks: _dropped, ...others } = root;
  const next: Obj = Object.keys(rest).length > 0 ? { ...root, hooks: rest } : others;
  const top = file.kind === 'flat' ? (file.top ?? {}) : {};
  const empty = Object.keys(next).every((k) => k in top && same(next[k], top[k]));
  return { root: next, changed: true, empty };
}

/**
 * For doctor: what of our entries `root` lacks and what it holds that install would not write, each
 * as `event` or `event matcher` (throws MergeProblem as parseSettings does for a shape it cannot read).
 */
export function entriesDiff(file: Exclude<AgentFile, { kind: 'own' }>, agent: AgentName, root: Obj): { missing: string[]; unexpected: string[] } {
  const found = oursIn(file, agent, hooksOf(root));
  const desired: [string, unknown, unknown][] =
    file.kind === 'flat' ? file.entries.map((e) => [e.event, undefined, e.handler]) : file.entries.map((e) => [e.event, e.matcher, e.handler]);
  const key = (e: [string, unknown, unknown]) => JSON.stringify(e);
  const label = ([event, matcher]: [string, unknown, unknown]) => (typeof matcher === 'string' ? `${event} ${matcher}` : event);
  const has = (list: [string, unknown, unknown][], e: [string, unknown, unknown]) => list.some((x) => key(x) === key(e));
  const missing = desired.filter((e) => !has(found, e)).map(label);
  const unexpected = found.filter((e) => !has(desired, e)).map(label);
  // A new file starts with these keys (Cursor's `version: 1`): a file without them is not read.
  if (file.kind === 'flat') for (const [k, v] of Object.entries(file.top ?? {})) if (!same(root[k], v)) missing.push(`${k}: ${JSON.stringify(v)}`);
  return { missing, unexpected };
}

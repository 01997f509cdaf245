/** What the adapters share: reading fields of a payload that may be anything, and JSON answers. Pure. */
import { parsePatch } from '../patch.js';
import type { AgentOutput, FileChange, GuardRequest } from '../types.js';

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first of `keys` that holds a non-empty string. */
export function str(o: Obj | undefined, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = o?.[k];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

/** The first of `keys` that holds a string, empty or not (a file's new content may be ''). */
export function text(o: Obj | undefined, ...keys: string[]): string | undefined {
  for (const k of keys) if (typeof o?.[k] === 'string') return o[k] as string;
  return undefined;
}

export const unreadable = (reason: string, tool?: string, cwd?: string): GuardRequest => ({
  kind: 'unreadable',
  reason,
  ...(tool ? { tool } : {}),
  ...(cwd ? { cwd } : {}),
});

/** A tool that writes one file named in `input[keys]`; unreadable when none names it. */
export function oneFile(tool: string, input: Obj | undefined, keys: string[], content: string | undefined, cwd: string | undefined): GuardRequest {
  const path = str(input, ...keys);
  if (!path) return unreadable(`${tool} names no file (${keys.join(' / ')})`, tool, cwd);
  const change: FileChange = { path, op: 'write', ...(content !== undefined ? { content } : {}) };
  return { kind: 'files', tool, changes: [change], ...(cwd ? { cwd } : {}) };
}

/** A shell command: a string, or an argv whose last word is the script of `sh -c` / `bash -lc`. */
export function shellCommand(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (!Array.isArray(v) || !v.every((w) => typeof w === 'string') || v.length === 0) return undefined;
  const argv = v as string[];
  if (argv.length === 3 && /(^|\/)(ba|z|da|k)?sh$/.test(argv[0]!) && /^-[a-z]*c$/.test(argv[1]!)) return argv[2];
  return argv.map((w) => (/^[\w./=:@%+,-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`)).join(' ');
}

export const json = (value: unknown, exitCode: 0 | 2 = 0): AgentOutput => ({ exitCode, stdout: `${JSON.stringify(value)}\n`, stderr: '' });
export const silent: AgentOutput = { exitCode: 0, stdout: '', stderr: '' };

/** A patch document (Codex's apply_patch grammar) → the files it changes; unreadable when it is not one. */
export function patchRequest(tool: string, patch: string | undefined, cwd: string | undefined): GuardRequest {
  if (!patch) return unreadable(`${tool} has no patch`, tool, cwd);
  const parsed = parsePatch(patch);
  if ('error' in parsed) return unreadable(`the patch cannot be read: ${parsed.error}`, tool, cwd);
  return { kind: 'files', tool, changes: parsed.changes, ...(cwd ? { cwd } : {}) };
}

/** The first string among `input`'s values that holds a patch document (a field name no doc gives). */
export function findPatch(input: Obj | undefined, ...keys: string[]): string | undefined {
  const named = str(input, ...keys);
  if (named) return named;
  for (const v of Object.values(input ?? {})) if (typeof v === 'string' && v.includes('*** Begin Patch')) return v;
  return undefined;
}

/** The strings of an edit that are not the whole file (old and new text): where a config key would show. */
export function fragmentsOf(input: Obj | undefined, ...keys: string[]): string[] {
  const out: string[] = [];
  for (const k of keys) if (typeof input?.[k] === 'string') out.push(input[k] as string);
  return out;
}

/** `oneFile` with the edit's fragments kept (package.json's "tdd" key is judged from them). */
export function oneEdit(tool: string, input: Obj | undefined, keys: string[], fragmentKeys: string[], cwd: string | undefined): GuardRequest {
  const r = oneFile(tool, input, keys, undefined, cwd);
  if (r.kind === 'files') r.changes[0]!.fragments = fragmentsOf(input, ...fragmentKeys);
  return r;
}

/** What reading a command line collects: the bypasses found, the files it would write, the folder it is in. Pure. */
import { basename, isAbsolute, resolve } from 'node:path';
import type { Word } from './shell-lex.js';
import type { GuardFinding } from './types.js';

export interface ShellTarget {
  /** Absolute, or null when the command builds it at run time. */
  path: string | null;
  op: 'write' | 'delete';
  /** cp/mv/ln onto a folder: the files land as `<path>/<basename of each>`. */
  into?: string[];
}

export class Analysis {
  findings: GuardFinding[] = [];
  targets: ShellTarget[] = [];
  error?: string;
  /** What could not be read with certainty (eval of a variable, a script not seen): said in the decision's reason. */
  notes: string[] = [];
  /** Variables the command line itself set (`G=git; $G commit`), for the words that use them. */
  vars = new Map<string, string>();
  /** The folder the next command runs in (followed through `cd`); null when only the run knows it. */
  constructor(public cwd: string | null) {}

  deny(code: GuardFinding['code'], what: string): void {
    if (!this.findings.some((f) => f.code === code && f.data?.command === what)) this.findings.push({ code, data: { command: what } });
  }

  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  /** A word as a path: absolute, or null when only the run knows it (or it is a device). */
  path(w: Word | undefined, cwd = this.cwd): string | null {
    if (!w || w.dynamic || w.glob || w.text === '') return null;
    if (w.text.startsWith('/dev/')) return null;
    if (isAbsolute(w.text)) return resolve(w.text);
    return cwd === null ? null : resolve(cwd, w.text);
  }

  write(w: Word | undefined, op: 'write' | 'delete' = 'write', into?: Word[]): void {
    if (w && !w.dynamic && w.text.startsWith('/dev/')) return;
    const path = this.path(w);
    this.targets.push({ path, op, ...(into && into.length ? { into: into.map((s) => basename(s.text)) } : {}) });
  }
}

/**
 * HEAD's commit read from git's own files, without starting git (the agent's guard decides in less
 * time than a git process takes to start, see bench/run.mjs): HEAD, the loose ref it names, else
 * packed-refs. Undefined wherever only git can tell; the caller asks git then.
 */
import { join } from 'node:path';
import { isDirectory, readTextOr } from '../fs-read.js';

const OID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * The commit a ref names: its loose file, else packed-refs; null when it does not exist (unborn);
 * undefined when its loose file holds anything but an id (`ref: …`, a chain only git follows).
 */
function readRef(commonDir: string, gitDir: string, ref: string): string | null | undefined {
  for (const dir of [gitDir, commonDir]) {
    const loose = readTextOr(join(dir, ref))?.trim();
    if (loose !== undefined) return OID.test(loose) ? loose : undefined;
  }
  // packed-refs: "<oid> refs/heads/main" lines, peeled "^<oid>" lines after annotated tags.
  const packed = readTextOr(join(commonDir, 'packed-refs')) ?? '';
  for (const line of packed.split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0 && line.slice(space + 1) === ref && OID.test(line.slice(0, space))) return line.slice(0, space);
  }
  return null;
}

/** HEAD's commit; undefined when only git can tell (a reftable, a symbolic ref chain, an odd HEAD). */
export function readHeadFiles(gitDir: string, commonDir: string): string | null | undefined {
  if (isDirectory(join(commonDir, 'reftable'))) return undefined;
  const head = readTextOr(join(gitDir, 'HEAD'))?.trim();
  if (!head) return undefined;
  if (OID.test(head)) return head;
  const m = /^ref: (refs\/\S+)$/.exec(head);
  return m ? readRef(commonDir, gitDir, m[1]!) : undefined;
}

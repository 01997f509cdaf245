/** Pure parsers of the git output only the audit reads. Each shows a sample of what it reads. */
import { type RawEntry } from '../git/parse.js';
import { NULL_OID } from '../git/ids.js';

/**
 * `git diff-tree -r -c --raw -z --stdin` for merges: the paths whose merged content matches no
 * parent, each record `::<mode per parent> <result mode> <blob per parent> <result blob> <status per parent>`:
 *
 *   7e5133a8…\0::100644 100644 100644 f2ad6c…  617807…  2ab19a… MM\0a.txt\0
 */
export function parseCombinedDiff(out: string): Map<string, RawEntry[]> {
  const result = new Map<string, RawEntry[]>();
  const parts = out.split('\0');
  let current: RawEntry[] | undefined;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!.replace(/^\n/, '');
    if (/^[0-9a-f]{40,64}$/.test(p)) {
      result.set(p, (current = []));
      continue;
    }
    if (!p.startsWith('::') || !current) continue;
    const colons = /^:+/.exec(p)![0].length;
    const fields = p.slice(colons).split(' ');
    const n = colons + 1;
    const [modes, blobs, status] = [fields.slice(0, n), fields.slice(n, 2 * n), fields[2 * n] ?? ''];
    const path = parts[++i] ?? '';
    const newBlob = blobs[n - 1]!;
    current.push({
      path,
      status: newBlob === NULL_OID ? 'D' : status[0] === 'A' ? 'A' : 'M',
      oldMode: modes[0]!,
      newMode: modes[n - 1]!,
      oldBlob: blobs[0]!,
      newBlob,
    });
  }
  return result;
}

/**
 * `git cat-file --batch` keeping each object's id: `<oid> blob <size>\n<content>\n`, or
 * `<name> missing\n`. Returns [oid, text] (null when missing) per name, in order.
 */
export function parseBatchWithIds(out: Buffer, count: number): ([string, string] | null)[] {
  const result: ([string, string] | null)[] = [];
  let pos = 0;
  for (let i = 0; i < count; i++) {
    const eol = out.indexOf(10, pos);
    if (eol < 0) break;
    const m = /^([0-9a-f]{40,64}) (\w+) (\d+)$/.exec(out.subarray(pos, eol).toString('utf8'));
    pos = eol + 1;
    if (!m) {
      result.push(null);
      continue;
    }
    const size = Number(m[3]);
    result.push(m[2] === 'blob' ? [m[1]!, out.subarray(pos, pos + size).toString('utf8')] : null);
    pos += size + 1;
  }
  while (result.length < count) result.push(null);
  return result;
}

/** Pure parsers of the git output only the audit reads. Each shows a sample of what it reads. */

// The merges' combined diff is read by git/queries (readMergeChanges); its parser lives beside the other diff parsers.
export { parseCombinedDiff } from '../git/parse.js';

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

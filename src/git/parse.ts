/** Pure parsers of git's machine formats. Each shows a sample of what it reads. */
import { NULL_OID } from './ids.js';

export interface RawEntry {
  path: string;
  status: 'A' | 'M' | 'D' | 'T' | 'U';
  oldMode: string;
  newMode: string;
  oldBlob: string;
  newBlob: string;
}

/**
 * `git diff-index --cached --raw -z --no-renames` / `git diff-tree -r --raw -z --no-renames`:
 *
 *   :100644 100755 78981922…e85 422c2b7a…69c M\0a\0:000000 100644 0000…000 587be6b4…6cb A\0sp ace\0
 *
 * Paths are NUL-terminated and never quoted, so any byte but NUL survives.
 */
export function parseRawDiff(stdout: string): RawEntry[] {
  const parts = stdout.split('\0');
  const entries: RawEntry[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const meta = parts[i]!;
    const path = parts[i + 1]!;
    if (!meta.startsWith(':')) throw new Error(`unexpected raw diff record: ${JSON.stringify(meta.slice(0, 80))}`);
    const [oldMode, newMode, oldBlob, newBlob, status] = meta.slice(1).split(' ');
    const s = status?.[0];
    if (s !== 'A' && s !== 'M' && s !== 'D' && s !== 'T' && s !== 'U') {
      throw new Error(`unexpected raw diff status ${JSON.stringify(status)} for ${path}`);
    }
    entries.push({ path, status: s, oldMode: oldMode!, newMode: newMode!, oldBlob: oldBlob!, newBlob: newBlob! });
  }
  return entries;
}

/**
 * `git cat-file --batch` output for a list of object names, binary-safe:
 *
 *   <oid> blob <size>\n<content>\n      or      <name> missing\n
 *
 * Returns one Buffer (or null when missing/ambiguous) per requested name, in order.
 */
export function parseCatFileBatch(out: Buffer, count: number): (Buffer | null)[] {
  return parseCatFileBatchAt(out, count).objects;
}

/** parseCatFileBatch, and where the `count` answers end in `out` (more may follow). Throws when they are cut short. */
export function parseCatFileBatchAt(out: Buffer, count: number): { objects: (Buffer | null)[]; end: number } {
  const objects: (Buffer | null)[] = [];
  let pos = 0;
  for (let i = 0; i < count; i++) {
    const eol = out.indexOf(10, pos);
    if (eol < 0) throw new Error('truncated cat-file --batch output');
    const header = out.subarray(pos, eol).toString('utf8');
    pos = eol + 1;
    const m = /^[0-9a-f]{40,64} (\w+) (\d+)$/.exec(header);
    if (!m) {
      objects.push(null);
      continue;
    }
    const size = Number(m[2]);
    if (pos + size >= out.length || out[pos + size] !== 10) throw new Error('truncated cat-file --batch output');
    objects.push(out.subarray(pos, pos + size));
    pos += size + 1;
  }
  return { objects, end: pos };
}

/**
 * The object id in the first header of `git cat-file --batch` output, when it names an object of
 * `type` (null for `<name> missing`):
 *
 *   9632657592a337a95a77ff07ccbfdc3165c1082f commit 173\n…      or      HEAD^{commit} missing\n
 */
export function parseCatFileFirstId(out: Buffer, type: string): string | null {
  const eol = out.indexOf(10);
  const m = /^([0-9a-f]{40,64}) (\w+) \d+$/.exec(out.subarray(0, eol < 0 ? out.length : eol).toString('utf8'));
  return m && m[2] === type ? m[1]! : null;
}

/** `git ls-tree -r -z --name-only` or `git ls-files -z`: NUL-separated paths. */
export function parseNulList(stdout: string): string[] {
  return stdout.split('\0').filter((p) => p.length > 0);
}

/**
 * `git ls-tree -r -z`: `<mode> SP <type> SP <object> TAB <path> NUL`
 *
 *   100644 blob 587be6b4c3f93f93c489c0111bba5596147a26cb\ttest/a.test.js\0
 */
export function parseLsTree(stdout: string): Map<string, { mode: string; blob: string }> {
  const map = new Map<string, { mode: string; blob: string }>();
  for (const record of stdout.split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode, , blob] = record.slice(0, tab).split(' ');
    map.set(record.slice(tab + 1), { mode: mode!, blob: blob! });
  }
  return map;
}

/**
 * What hooks/shim.sh asks git in the background while node starts, for readHookInputs: a header
 * naming the objects asked for after HEAD, `git cat-file --batch` of `HEAD^{commit}` and those
 * (`HEAD:<name>`…, `:<name>`…), `git diff-index --cached --raw -z HEAD`, then both exit codes and
 * an end mark:
 *
 *   tdd-hook-inputs 2 HEAD:.tddrc.json HEAD:.tddrc … :package.json :.mocharc.json …\n
 *   9632…082f commit 173\n<commit>\nHEAD:.tddrc.json missing\n…\n:package.json missing\n
 *   :100644 100644 78981922…e85 422c2b7a…69c M\0README.md\0
 *   \n0 0 tdd-hook-inputs-end\n
 *
 * Undefined unless every part is there, whole, and both git calls succeeded (an unborn HEAD, a
 * file still being written, another version of the shim): the caller then asks git itself.
 */
export function parseHookInputs(
  data: Buffer,
  names: string[],
): { head: string; headObject: Buffer | null; objects: (Buffer | null)[]; raw: RawEntry[] } | undefined {
  const END = Buffer.from(' tdd-hook-inputs-end\n');
  const eol = data.indexOf(10);
  if (eol < 0 || data.subarray(0, eol).toString('utf8') !== `tdd-hook-inputs 2 ${names.join(' ')}`) return undefined;
  const body = data.subarray(eol + 1);
  if (body.length < END.length || !body.subarray(body.length - END.length).equals(END)) return undefined;
  const statusAt = body.lastIndexOf(10, body.length - END.length - 1);
  if (statusAt < 0 || body.subarray(statusAt + 1, body.length - END.length).toString('utf8') !== '0 0') return undefined;
  try {
    const { objects, end } = parseCatFileBatchAt(body.subarray(0, statusAt), 1 + names.length);
    const head = parseCatFileFirstId(body, 'commit');
    const diff = body.subarray(end, statusAt).toString('utf8');
    if (!head || (diff !== '' && !diff.endsWith('\0'))) return undefined;
    const raw = parseRawDiff(diff);
    if (raw.some((e) => e.path === '')) return undefined;
    return { head, headObject: objects[0] ?? null, objects: objects.slice(1), raw };
  } catch {
    return undefined;
  }
}

/** One path of `git status --porcelain=v2`: how the index differs from HEAD (x) and the work tree from the index (y). */
export interface StatusEntry {
  path: string;
  /** '.' unchanged, or M A D T U; '?' untracked. */
  x: string;
  y: string;
  /** The index's blob ('' for an untracked file, zeros for none). */
  indexBlob: string;
}

/**
 * `git status --porcelain=v2 -z --untracked-files=all --no-renames` (no rename records, `2`):
 *
 *   1 MM N... 100644 100644 100644 78981922…e85 c1827f07…62c a\0
 *   1 .A N... 000000 000000 100644 0000…000 0000…000 ita\0          (git add -N)
 *   u UU N... 100644 100644 100644 100644 aaaa… bbbb… cccc… both\0
 *   ? untracked\0
 *
 * A path is everything after the fixed fields, so spaces and newlines survive.
 */
export function parseStatusV2(stdout: string): StatusEntry[] {
  const entries: StatusEntry[] = [];
  for (const record of stdout.split('\0')) {
    if (record.startsWith('? ')) entries.push({ path: record.slice(2), x: '?', y: '?', indexBlob: '' });
    else if (record.startsWith('1 ') || record.startsWith('u ')) {
      // `1` has 8 fields before the path, `u` 10; the index blob is hI (`1`) or h2, stage 2 ("ours").
      const fields = record.split(' ');
      const n = record[0] === '1' ? 8 : 10;
      entries.push({ path: fields.slice(n).join(' '), x: fields[1]![0]!, y: fields[1]![1]!, indexBlob: fields[n - 1 - (record[0] === 'u' ? 1 : 0)]! });
    }
  }
  return entries;
}

/**
 * A commit object's parents, and whether its message carries a TDD-Phase trailer (`git cat-file
 * commit`): "tree 9a1b…\nparent 3f2c…\nauthor …\ncommitter …\n\nfeat: x\n\nTDD-Phase: green\n".
 */
export function parseCommitObject(data: Buffer): { parents: string[]; tddTrailer: boolean } {
  const text = data.toString('utf8');
  const end = text.indexOf('\n\n');
  const header = end < 0 ? text : text.slice(0, end);
  const parents = [...header.matchAll(/^parent ([0-9a-f]{40,64})$/gm)].map((m) => m[1]!);
  return { parents, tddTrailer: end >= 0 && /^TDD-Phase:/im.test(text.slice(end)) };
}

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

/** An index or tree entry: git's mode (`100644`, `100755`, `120000`) and object id. */
export interface IndexEntry {
  mode: string;
  oid: string;
}

/** A numbered ref (`refs/tdd/rollback/3`): its name, number and commit. */
export interface RefRecord {
  ref: string;
  n: number;
  commit: string;
}

/**
 * `git for-each-ref --format=%(objectname) %(refname) refs/tdd/rollback/`:
 *
 *   4b1c…a3 refs/tdd/rollback/1
 *   9e0d…17 refs/tdd/rollback/2
 *
 * Only numbered refs count; sorted by number.
 */
export function parseBackupRefs(stdout: string, prefix: string): RefRecord[] {
  const out: RefRecord[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^([0-9a-f]{40,64}) (.+)$/.exec(line);
    if (!m || !m[2]!.startsWith(prefix)) continue;
    const tail = m[2]!.slice(prefix.length);
    if (!/^[1-9]\d{0,8}$/.test(tail)) continue;
    out.push({ ref: m[2]!, n: Number(tail), commit: m[1]! });
  }
  return out.sort((a, b) => a.n - b.n);
}

/**
 * `git ls-files -s -z`: `<mode> SP <oid> SP <stage> TAB <path> NUL`
 *
 *   100644 587be6b4c3f93f93c489c0111bba5596147a26cb 0\tsrc/a.js\0
 *
 * Stage-0 entries by path, and the paths that have unmerged stages (1–3).
 */
export function parseLsFilesStage(stdout: string): { entries: Map<string, IndexEntry>; unmerged: string[] } {
  const entries = new Map<string, IndexEntry>();
  const unmerged = new Set<string>();
  for (const record of stdout.split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode, oid, stage] = record.slice(0, tab).split(' ') as [string, string, string];
    const path = record.slice(tab + 1);
    if (stage === '0') entries.set(path, { mode, oid });
    else unmerged.add(path);
  }
  return { entries, unmerged: [...unmerged] };
}

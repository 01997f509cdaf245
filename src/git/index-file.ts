/**
 * Pure: the blob ids a few paths have in git's index file (.git/index, versions 2–4,
 * Documentation/gitformat-index.txt), read without starting git. The guard keeps its compiled rules
 * while the entries they were read from are the same (agent/context.ts): a `git add` of anything
 * else then costs no git process. Undefined wherever the file alone cannot say what git would
 * answer for `:<path>`: a split index (`link`: the entries live in another file), a sparse index
 * (`sdir`: a path may hide in a folder entry), a conflict or an intent-to-add entry on a path asked
 * for, an unknown version, a truncated or malformed file. The caller asks git then.
 */

/** path → blob id (hex), or null when the path is not in the index. */
export type IndexEntries = Record<string, string | null>;

const HEADER = 12;

/** The entries of `paths` in `buf` (an index file); `oidBytes`: 20 (SHA-1) or 32 (SHA-256). */
export function indexEntriesOf(buf: Buffer, paths: readonly string[], oidBytes: 20 | 32): IndexEntries | undefined {
  const wanted = new Set(paths);
  const found: IndexEntries = Object.fromEntries(paths.map((p) => [p, null]));
  const ok = walkIndex(buf, oidBytes, (e) => {
    if (!wanted.has(e.path)) return true;
    // A conflict, or `git add -N` (intent to add): git's answer is not a plain blob.
    if (e.stage !== 0 || e.intentToAdd) return false;
    found[e.path] = e.oid;
    return true;
  });
  return ok ? found : undefined;
}

/**
 * Every entry `git write-tree` of this index file writes, as `git ls-tree -r --full-tree` of that
 * tree lists them (path → mode and object id, a submodule's commit too): the stage-0 entries but
 * intent-to-add ones (write-tree leaves those out). Undefined on a conflict or any doubt (see above).
 */
export function indexTreeOf(buf: Buffer, oidBytes: 20 | 32): Map<string, { mode: string; blob: string }> | undefined {
  const tree = new Map<string, { mode: string; blob: string }>();
  const ok = walkIndex(buf, oidBytes, (e) => {
    if (e.stage !== 0) return false;
    if (!e.intentToAdd) tree.set(e.path, { mode: e.mode.toString(8).padStart(6, '0'), blob: e.oid });
    return true;
  });
  return ok ? tree : undefined;
}

interface IndexEntry {
  path: string;
  mode: number;
  oid: string;
  stage: number;
  intentToAdd: boolean;
}

/** Each entry of the index file to `visit` (false stops: undefined); false where the file alone cannot say what git would (see the top). */
function walkIndex(buf: Buffer, oidBytes: 20 | 32, visit: (e: IndexEntry) => boolean): boolean {
  if (buf.length < HEADER + oidBytes || buf.toString('latin1', 0, 4) !== 'DIRC') return false;
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) return false;
  const count = buf.readUInt32BE(8);
  const end = buf.length - oidBytes; // the trailing checksum
  let at = HEADER;
  let previous: Buffer = Buffer.alloc(0);
  for (let i = 0; i < count; i++) {
    // 40 bytes of stat data (the mode at 24), the object id, 2 bytes of flags (and 2 more when extended).
    const flagsAt = at + 40 + oidBytes;
    if (flagsAt + 2 > end) return false;
    const flags = buf.readUInt16BE(flagsAt);
    const extended = (flags & 0x4000) !== 0;
    if (extended && version < 3) return false;
    const extra = extended ? buf.readUInt16BE(flagsAt + 2) : 0;
    const start = at;
    const name = readName(buf, version, flagsAt + (extended ? 4 : 2), end, previous);
    if (!name) return false;
    ({ at } = name);
    // v2/v3: padded with 1–8 NULs to a multiple of 8 bytes from the entry's start.
    if (version !== 4) at = start + ((name.nul - start + 8) & ~7);
    previous = name.bytes;
    const entry = {
      path: name.bytes.toString('utf8'),
      mode: buf.readUInt32BE(start + 24),
      oid: buf.toString('hex', flagsAt - oidBytes, flagsAt),
      stage: (flags >> 12) & 3,
      // `git add -N`: 0x2000 of the extended flags.
      intentToAdd: (extra & 0x2000) !== 0,
    };
    if (!visit(entry)) return false;
  }
  // The extensions: 4-byte signature, 4-byte size, data; any that changes what the entries mean stops here.
  while (at + 8 <= end) {
    const sig = buf.toString('latin1', at, at + 4);
    if (sig === 'link' || sig === 'sdir') return false;
    at += 8 + buf.readUInt32BE(at + 4);
  }
  return at === end;
}

/** An entry's path at `pathAt`: v4 strips N bytes from the previous path and adds a NUL-terminated suffix. */
function readName(buf: Buffer, version: number, pathAt: number, end: number, previous: Buffer): { bytes: Buffer; nul: number; at: number } | undefined {
  if (version !== 4) {
    const nul = buf.indexOf(0, pathAt);
    if (nul < 0 || nul >= end) return undefined;
    return { bytes: buf.subarray(pathAt, nul), nul, at: nul + 1 };
  }
  let strip = 0;
  let byte: number;
  let n = 0;
  do {
    if (pathAt >= end) return undefined;
    byte = buf[pathAt++]!;
    strip = n++ === 0 ? byte & 0x7f : ((strip + 1) << 7) | (byte & 0x7f);
  } while (byte & 0x80);
  const nul = buf.indexOf(0, pathAt);
  if (nul < 0 || nul >= end || strip > previous.length) return undefined;
  return { bytes: Buffer.concat([previous.subarray(0, previous.length - strip), buf.subarray(pathAt, nul)]), nul, at: nul + 1 };
}

/** Whether two readings are the same entries (the same paths, each with the same id or absent). */
export function sameIndexEntries(a: IndexEntries, b: IndexEntries): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && a[k] === b[k]);
}

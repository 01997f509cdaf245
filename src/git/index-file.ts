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
  if (buf.length < HEADER + oidBytes || buf.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) return undefined;
  const count = buf.readUInt32BE(8);
  const wanted = new Set(paths);
  const found: IndexEntries = Object.fromEntries(paths.map((p) => [p, null]));
  const end = buf.length - oidBytes; // the trailing checksum
  let at = HEADER;
  let previous: Buffer = Buffer.alloc(0);
  for (let i = 0; i < count; i++) {
    // 40 bytes of stat data, the object id, 2 bytes of flags (and 2 more when extended).
    const flagsAt = at + 40 + oidBytes;
    if (flagsAt + 2 > end) return undefined;
    const flags = buf.readUInt16BE(flagsAt);
    const extended = (flags & 0x4000) !== 0;
    if (extended && version < 3) return undefined;
    const extra = extended ? buf.readUInt16BE(flagsAt + 2) : 0;
    let pathAt = flagsAt + (extended ? 4 : 2);
    let name: Buffer;
    if (version === 4) {
      // The path is the previous one with N bytes cut from its end, then this suffix (NUL-terminated).
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
      name = Buffer.concat([previous.subarray(0, previous.length - strip), buf.subarray(pathAt, nul)]);
      at = nul + 1;
    } else {
      const nul = buf.indexOf(0, pathAt);
      if (nul < 0 || nul >= end) return undefined;
      name = buf.subarray(pathAt, nul);
      // Padded with 1–8 NULs to a multiple of 8 bytes from the entry's start.
      const start = at;
      at = start + ((nul - start + 8) & ~7);
    }
    previous = name;
    const path = name.toString('utf8');
    if (!wanted.has(path)) continue;
    const stage = (flags >> 12) & 3;
    // A conflict, or `git add -N` (intent to add, 0x2000 of the extended flags): git's answer is not a plain blob.
    if (stage !== 0 || (extra & 0x2000) !== 0) return undefined;
    found[path] = buf.toString('hex', flagsAt - oidBytes, flagsAt);
  }
  // The extensions: 4-byte signature, 4-byte size, data; any that changes what the entries mean stops here.
  while (at + 8 <= end) {
    const sig = buf.toString('latin1', at, at + 4);
    if (sig === 'link' || sig === 'sdir') return undefined;
    at += 8 + buf.readUInt32BE(at + 4);
  }
  return at === end ? found : undefined;
}

/** Whether two readings are the same entries (the same paths, each with the same id or absent). */
export function sameIndexEntries(a: IndexEntries, b: IndexEntries): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && a[k] === b[k]);
}

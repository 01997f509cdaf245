/**
 * The marked block tdd-hooks owns inside a script it shares with the user (husky's `.husky/<hook>`):
 *
 *     npx lint-staged
 *     # >>> tdd-hooks >>>
 *     …
 *     # <<< tdd-hooks <<<
 *
 * Pure text edits. Insert-then-remove gives back the original bytes, including a file that had no
 * final newline: install then ends the user's last line and says so on the begin marker.
 */

export const BLOCK_BEGIN = '# >>> tdd-hooks >>>';
export const BLOCK_END = '# <<< tdd-hooks <<<';
const NEWLINE_ADDED = ' (newline added above)';

export interface BlockRange {
  /** Offset of the begin marker's first character. */
  start: number;
  /** Offset just past the end marker's newline (or the end of the text). */
  end: number;
  /** Install ended the line before the block; uninstall takes that newline away again. */
  newlineAdded: boolean;
}

export type BlockEdit = { ok: true; content: string; found: number } | { ok: false; problem: 'unterminated' | 'unopened'; line: number };

type Scan = { ok: true; blocks: BlockRange[] } | { ok: false; problem: 'unterminated' | 'unopened'; line: number };

export function findBlocks(content: string): Scan {
  const blocks: BlockRange[] = [];
  let open: { start: number; newlineAdded: boolean; line: number } | null = null;
  let offset = 0;
  let lineNo = 0;
  while (offset < content.length) {
    const nl = content.indexOf('\n', offset);
    const next = nl === -1 ? content.length : nl + 1;
    const line = content.slice(offset, nl === -1 ? content.length : nl).replace(/\r$/, '');
    lineNo++;
    if (line.startsWith(BLOCK_BEGIN)) {
      if (open) return { ok: false, problem: 'unterminated', line: open.line };
      open = { start: offset, newlineAdded: line.startsWith(BLOCK_BEGIN + NEWLINE_ADDED), line: lineNo };
    } else if (line.trimEnd() === BLOCK_END) {
      if (!open) return { ok: false, problem: 'unopened', line: lineNo };
      blocks.push({ start: open.start, end: next, newlineAdded: open.newlineAdded });
      open = null;
    }
    offset = next;
  }
  if (open) return { ok: false, problem: 'unterminated', line: open.line };
  return { ok: true, blocks };
}

function flagged(block: string): string {
  if (!block.startsWith(BLOCK_BEGIN)) throw new Error(`a tdd-hooks block must start with "${BLOCK_BEGIN}"`);
  return BLOCK_BEGIN + NEWLINE_ADDED + block.slice(BLOCK_BEGIN.length);
}

/** Removes the ranges, last first, giving back a newline install added before a block at the end. */
function cut(content: string, blocks: BlockRange[]): string {
  let out = content;
  for (const b of [...blocks].reverse()) {
    const atEnd = b.end === out.length;
    const start = b.newlineAdded && atEnd && out[b.start - 1] === '\n' ? b.start - 1 : b.start;
    out = out.slice(0, start) + out.slice(b.end);
  }
  return out;
}

/**
 * Adds `block` (a rendered template ending with a newline) at the end of `content`, or replaces
 * the block already there in place (an upgrade keeps the user's ordering). Extra copies go.
 */
export function upsertBlock(content: string, block: string): BlockEdit {
  const scan = findBlocks(content);
  if (!scan.ok) return scan;
  const [first, ...rest] = scan.blocks;
  if (!first) {
    if (content === '' || content.endsWith('\n')) return { ok: true, content: content + block, found: 0 };
    return { ok: true, content: `${content}\n${flagged(block)}`, found: 0 };
  }
  const replacement = first.newlineAdded ? flagged(block) : block;
  const tail = cut(
    content.slice(first.end),
    rest.map((b) => ({ ...b, start: b.start - first.end, end: b.end - first.end })),
  );
  return { ok: true, content: content.slice(0, first.start) + replacement + tail, found: scan.blocks.length };
}

/** Takes every tdd-hooks block out of `content`. */
export function removeBlocks(content: string): BlockEdit {
  const scan = findBlocks(content);
  if (!scan.ok) return scan;
  return { ok: true, content: cut(content, scan.blocks), found: scan.blocks.length };
}

/**
 * Codex's `apply_patch` document → the files it changes. Pure. The format (openai/codex
 * `apply-patch`):
 *
 *   *** Begin Patch
 *   *** Add File: test/a.test.js          every line after it starts with +: the whole new file
 *   +import { test } from 'node:test';
 *   *** Update File: src/a.js             hunks (@@, space, -, +) follow
 *   *** Move to: src/b.js                 optional, right after Update: a rename
 *   @@
 *   -old
 *   +new
 *   *** Delete File: src/c.js
 *   *** End Patch
 *
 * A rename writes its destination and deletes its source; both are judged.
 */
import type { FileChange } from './types.js';

export type ParsedPatch = { changes: FileChange[] } | { error: string };

const HEADER = /^\*\*\* (Add|Update|Delete) File: (.+)$/;
const MOVE = /^\*\*\* Move to: (.+)$/;

export function parsePatch(text: string): ParsedPatch {
  // A heredoc wrapper (`apply_patch <<'EOF'`) may surround the document: it starts at Begin Patch.
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const begin = lines.findIndex((l) => l.trim() === '*** Begin Patch');
  if (begin < 0) return { error: 'no "*** Begin Patch" line' };
  const changes: FileChange[] = [];
  let adding: FileChange | null = null;
  /** The file an Update's hunks change: their - and + lines are its fragments. */
  let updating: FileChange | null = null;
  let ended = false;
  for (let i = begin + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '*** End Patch') {
      ended = true;
      break;
    }
    const h = HEADER.exec(line);
    if (h) {
      const [, verb, path] = h as unknown as [string, string, string];
      adding = null;
      updating = null;
      if (verb === 'Add') {
        adding = { path: path.trim(), op: 'write', content: '' };
        changes.push(adding);
      } else if (verb === 'Delete') {
        changes.push({ path: path.trim(), op: 'delete' });
      } else {
        const move = MOVE.exec(lines[i + 1] ?? '');
        updating = { path: (move ? move[1]! : path).trim(), op: 'write', fragments: [] };
        if (move) {
          changes.push({ path: path.trim(), op: 'delete' }, updating);
          i++;
        } else changes.push(updating);
      }
      continue;
    }
    if (adding) {
      if (!line.startsWith('+')) return { error: `a line of the added file ${adding.path} does not start with "+"` };
      adding.content += `${line.slice(1)}\n`;
    } else if (line.startsWith('*** ') && line.trim() !== '*** End of File') {
      return { error: `an unknown patch line "${line.slice(0, 60)}"` };
    } else if (updating && (line.startsWith('+') || line.startsWith('-'))) {
      updating.fragments!.push(line.slice(1));
    }
  }
  if (!ended) return { error: 'no "*** End Patch" line' };
  if (changes.length === 0) return { error: 'a patch that names no file' };
  return { changes };
}

import { describe, expect, it } from 'vitest';
import { BLOCK_BEGIN, BLOCK_END, findBlocks, removeBlocks, upsertBlock } from '../../../src/install/block.js';

const BLOCK = `${BLOCK_BEGIN}\nnode x hook pre-commit "$@" || exit $?\n${BLOCK_END}\n`;
const NEWER = `${BLOCK_BEGIN}\nnode y hook pre-commit "$@" || exit $?\n${BLOCK_END}\n`;

function upsert(content: string, block = BLOCK): string {
  const r = upsertBlock(content, block);
  if (!r.ok) throw new Error(r.problem);
  return r.content;
}
function remove(content: string): string {
  const r = removeBlocks(content);
  if (!r.ok) throw new Error(r.problem);
  return r.content;
}

describe('upsertBlock / removeBlocks', () => {
  it.each([
    ['an empty file', ''],
    ['a file with a final newline', 'npx lint-staged\n'],
    ['a file without a final newline', 'npx lint-staged'],
    ['a shebang only', '#!/usr/bin/env sh\n'],
    ['CRLF lines', 'npx lint-staged\r\n'],
    ['a file ending in blank lines', 'npm test\n\n\n'],
  ])('insert then remove gives back %s byte for byte, and inserting twice changes nothing', (_, original) => {
    const once = upsert(original);
    expect(upsert(once)).toBe(once);
    expect(remove(once)).toBe(original);
  });

  it("never joins the block to the user's last line", () => {
    expect(upsert('npx lint-staged')).toBe(`npx lint-staged\n${BLOCK_BEGIN} (newline added above)${BLOCK.slice(BLOCK_BEGIN.length)}`);
    expect(upsert('npx lint-staged\n')).toBe(`npx lint-staged\n${BLOCK}`);
  });

  it('replaces an older block in place, keeping the lines around it', () => {
    const installed = `a\n${BLOCK}b\n`;
    expect(upsert(installed, NEWER)).toBe(`a\n${NEWER}b\n`);
    expect(remove(installed)).toBe('a\nb\n');
  });

  it('keeps the "newline added" mark through an upgrade, and gives the newline back only at the end of the file', () => {
    const installed = upsert('a');
    const upgraded = upsert(installed, NEWER);
    expect(upgraded).toContain('(newline added above)');
    expect(remove(upgraded)).toBe('a');
    expect(remove(`${installed}echo after\n`)).toBe('a\necho after\n');
  });

  it('removes duplicates: one block after upsert, none after remove', () => {
    const twice = `x\n${BLOCK}y\n${BLOCK}`;
    const r = upsertBlock(twice, NEWER);
    expect(r).toEqual({ ok: true, content: `x\n${NEWER}y\n`, found: 2 });
    expect(removeBlocks(twice)).toEqual({ ok: true, content: 'x\ny\n', found: 2 });
  });

  it('a file without a block: remove finds none and changes nothing', () => {
    expect(removeBlocks('npm test\n')).toEqual({ ok: true, content: 'npm test\n', found: 0 });
  });

  it.each([
    ['a begin marker without an end', `a\n${BLOCK_BEGIN}\nnode x\n`, 'unterminated', 2],
    ['an end marker without a begin', `a\n${BLOCK_END}\n`, 'unopened', 2],
    ['a begin inside a block', `${BLOCK_BEGIN}\n${BLOCK_BEGIN}\n${BLOCK_END}\n`, 'unterminated', 1],
  ])('refuses %s', (_, content, problem, line) => {
    expect(findBlocks(content)).toEqual({ ok: false, problem, line });
    expect(upsertBlock(content, BLOCK)).toEqual({ ok: false, problem, line });
    expect(removeBlocks(content)).toEqual({ ok: false, problem, line });
  });
});

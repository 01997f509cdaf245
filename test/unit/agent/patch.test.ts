/** Codex apply_patch documents → the files they change (the format of openai/codex's apply-patch). */
import { describe, expect, it } from 'vitest';
import { parsePatch } from '../../../src/agent/patch.js';

describe('parsePatch', () => {
  it('reads adds (with their content), updates, renames (both ends) and deletes', () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: test/a.test.js',
      "+import { test } from 'node:test';",
      '+test("a", () => {});',
      '*** Update File: src/a.js',
      '@@ function a',
      '-  return 1;',
      '+  return 2;',
      '*** Update File: src/old.js',
      '*** Move to: src/new.js',
      '@@',
      '-x',
      '+y',
      '*** Delete File: src/gone.js',
      '*** End Patch',
      '',
    ].join('\n');
    expect(parsePatch(patch)).toEqual({
      changes: [
        { path: 'test/a.test.js', op: 'write', content: 'import { test } from \'node:test\';\ntest("a", () => {});\n' },
        { path: 'src/a.js', op: 'write', fragments: ['  return 1;', '  return 2;'] },
        { path: 'src/old.js', op: 'delete' },
        { path: 'src/new.js', op: 'write', fragments: ['x', 'y'] },
        { path: 'src/gone.js', op: 'delete' },
      ],
    });
  });

  it('an added file with no line is a new empty file; a heredoc wrapper around the document is read through', () => {
    expect(parsePatch("apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: src/calc.py\n*** End Patch\nEOF\n")).toEqual({
      changes: [{ path: 'src/calc.py', op: 'write', content: '' }],
    });
  });

  it.each([
    ['no Begin Patch', 'just some text'],
    ['no End Patch', '*** Begin Patch\n*** Add File: a\n+x\n'],
    ['a line of an added file without +', '*** Begin Patch\n*** Add File: a\nx\n*** End Patch'],
    ['an unknown header', '*** Begin Patch\n*** Copy File: a\n*** End Patch'],
    ['no file named', '*** Begin Patch\n*** End Patch'],
  ])('refuses %s', (_, text) => {
    expect(parsePatch(text)).toHaveProperty('error');
  });
});

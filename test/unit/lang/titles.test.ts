import { describe, expect, it } from 'vitest';
import { declaredTestTitles } from '../../../src/lang/index.js';

describe('declaredTestTitles', () => {
  it.each([
    ["it('adds', () => {})", ['adds']],
    ['test("two words", () => {})', ['two words']],
    ["describe('math', () => { it.only('adds', () => {}); test.skip(`subtracts`, () => {}); })", ['math', 'adds', 'subtracts']],
    ["t.test('nested', async () => {})", ['nested']],
    ["it('it\\'s quoted', () => {})", ["it's quoted"]],
    ['test.each([1, 2])(`case ${0}`, () => {})', []],
    ["// it('in a comment', () => {})\nconst s = \"it('in a string')\";", []],
    ["profit('not a test')", []],
  ])('%s', (source, titles) => expect(declaredTestTitles('a.test.ts', source)).toEqual(titles));
  it('knows nothing of unknown languages', () => expect(declaredTestTitles('a_test.exs', 'test "x" do end')).toEqual([]));
});

/** The test-suite lines of a husky script: found, commented out, given back byte for byte. */
import { describe, expect, it } from 'vitest';
import { BLOCK_BEGIN, BLOCK_END } from '../../../src/install/block.js';
import { findTestLines, isTestCommand, replaceTestLines, restoreTestLines } from '../../../src/install/test-line.js';

describe('isTestCommand', () => {
  it.each([
    'npm test',
    'npm t',
    'npm run test',
    'npm run test:unit -- --run',
    'pnpm test',
    'yarn test',
    'bun run test',
    'npx vitest',
    'npx vitest run',
    'npx --no -- jest',
    'pnpm exec vitest',
    'yarn jest --ci',
    'bunx mocha',
    'vitest run',
    'jest',
    'node --test',
    'bun test',
    'pytest -q',
    'python3 -m pytest',
    'go test ./...',
    'cargo test',
    'CI=1 npm test',
    'exec npm test',
    '  npm test  ',
  ])('%j runs the suite', (line) => expect(isTestCommand(line)).toBe(true));
  it.each([
    'npx lint-staged',
    '# npm test',
    'npm run lint',
    'npm run testing-docs',
    'echo npm test',
    'npx tdd hook pre-commit',
    'npm install',
    'npm run build && git add dist',
    '',
  ])('%j does not', (line) => expect(isTestCommand(line)).toBe(false));
});

describe('replace and restore', () => {
  const block = `${BLOCK_BEGIN}\nnode x hook pre-commit "$@" || exit $?\n${BLOCK_END}\n`;
  it('finds the lines ahead of the block only, replaces them, and gives them back byte for byte', () => {
    const script = `npx lint-staged\nnpm test\n${block}npm test\n`;
    const found = findTestLines(script);
    expect(found).toEqual([{ line: 2, text: 'npm test' }]);
    const replaced = replaceTestLines(script, found);
    expect(findTestLines(replaced)).toEqual([]);
    expect(restoreTestLines(replaced)).toEqual({ content: script, restored: 1 });
  });
  it("husky init's script, before install adds the block", () => expect(findTestLines('npm test\n')).toEqual([{ line: 1, text: 'npm test' }]));
});

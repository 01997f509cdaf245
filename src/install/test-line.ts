/**
 * A line of a husky script that runs the test suite on the working tree, ahead of our block.
 * `npx husky init` writes one into `.husky/pre-commit`:
 *
 *     npm test
 *     # >>> tdd-hooks >>>
 *
 * husky runs the script with `sh -e`: on a RED commit the suite fails (that is the point of RED),
 * and the commit stops there, before tdd-hooks has looked at it — and on any commit it tests the
 * working tree, not what is staged. `--replace-test-line` turns such a line into a comment that
 * says why; uninstall gives it back byte for byte. Pure text.
 */
import { findBlocks } from './block.js';

/** What a replaced line starts with; everything after it is the original line. */
export const REPLACED = '# tdd-hooks runs the tests on the staged content below; was: ';

// `npm test`, `npm t`, `npm run test:unit`, `pnpm test`, `yarn test`, `bun run test`
const PM_TEST = /^(?:npm|pnpm|yarn|bun)\s+(?:(?:run|run-script)\s+)?(?:test|t)(?::\S*)?(?:\s|$)/;
// `npx vitest`, `npx --no -- jest`, `pnpm exec vitest run`, `pnpm dlx mocha`, `yarn vitest`, `bunx jest`, `vitest run`
const RUNNER = /^(?:(?:npx(?:\s+--?[\w-]+)*(?:\s+--)?|pnpm\s+(?:exec|dlx)|yarn(?:\s+(?:exec|dlx))?|bunx|bun\s+x)\s+)?(?:vitest|jest|mocha|ava)(?:\s|$)/;
// `node --test`, `bun test`, `pytest`, `python -m pytest`, `go test ./...`, `cargo test`
const OTHER = /^(?:node\s+(?:\S+\s+)*--test\b|bun\s+test\b|(?:python3?\s+-m\s+)?pytest\b|go\s+test\b|cargo\s+test\b)/;

/** Does this line of shell run a test suite? (`exec`, `env X=1`, a leading `!` aside; comments never do.) */
export function isTestCommand(line: string): boolean {
  let cmd = line.trim();
  if (cmd === '' || cmd.startsWith('#')) return false;
  cmd = cmd.replace(/^(?:exec\s+|!\s*|(?:env\s+)?(?:\w+=\S*\s+)+)*/, '');
  return PM_TEST.test(cmd) || RUNNER.test(cmd) || OTHER.test(cmd);
}

export interface TestLine {
  /** 1-based. */
  line: number;
  text: string;
}

/** The lines before our block (the whole script when it has none yet) that run a test suite. */
export function findTestLines(content: string): TestLine[] {
  const scan = findBlocks(content);
  const end = scan.ok && scan.blocks[0] ? scan.blocks[0].start : content.length;
  return content
    .slice(0, end)
    .split('\n')
    .flatMap((text, i) => (isTestCommand(text.replace(/\r$/, '')) ? [{ line: i + 1, text: text.replace(/\r$/, '') }] : []));
}

/** The script with those lines commented out (each says why and keeps the original after REPLACED). */
export function replaceTestLines(content: string, lines: readonly TestLine[]): string {
  const at = new Set(lines.map((l) => l.line));
  return content
    .split('\n')
    .map((text, i) => (at.has(i + 1) ? `${REPLACED}${text}` : text))
    .join('\n');
}

/** The script with every replaced line given back as it was. */
export function restoreTestLines(content: string): { content: string; restored: number } {
  let restored = 0;
  const out = content
    .split('\n')
    .map((text) => {
      if (!text.startsWith(REPLACED)) return text;
      restored++;
      return text.slice(REPLACED.length);
    })
    .join('\n');
  return { content: out, restored };
}

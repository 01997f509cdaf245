// The README's sample output, made from `tdd demo` (not published: see package.json "files").
//   node bin/readme-demo.mjs   rewrites each block between <!-- demo:NAME --> and <!-- /demo:NAME -->
// test/integration/demo.test.ts runs the demo and fails when the README says something else.
// The demo commits with one fixed date, so its commit ids are the same on every run.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Which steps of the demo each README block shows, by their titles' beginnings. */
export const BLOCKS = {
  refused: [
    'Cheat: RED with the implementation staged',
    'Cheat: a RED test that fails for the wrong reason',
    'RED: failing tests, for the right reason',
    'Cheat: GREEN that edits the frozen test',
    'Cheat: stage a broken implementation',
  ],
  audit: ['A bypass: git commit --no-verify'],
};

/** The steps' commands and output as a terminal shows them (the demo indents output by 4). */
export function renderBlock(transcript, titles) {
  const lines = transcript.split('\n');
  const steps = titles.map((title) => {
    const start = lines.findIndex((l) => l.startsWith(`## ${title}`));
    if (start < 0) throw new Error(`the demo has no step "${title}"`);
    const end = lines.findIndex((l, i) => i > start && (l.startsWith('## ') || l === ''));
    const body = lines.slice(start + 1, end < 0 ? undefined : end);
    const first = body.findIndex((l) => l.startsWith('$ '));
    return body
      .slice(first)
      .filter((l) => !l.startsWith('→ '))
      .map((l) => (l.startsWith('    ') ? l.slice(4) : l))
      .join('\n');
  });
  return ['```console', steps.join('\n\n'), '```'].join('\n');
}

export function renderReadme(readme, transcript) {
  let out = readme;
  for (const [name, titles] of Object.entries(BLOCKS)) {
    const open = `<!-- demo:${name} -->\n`;
    const close = `\n<!-- /demo:${name} -->`;
    const a = out.indexOf(open);
    const b = out.indexOf(close, a);
    if (a < 0 || b < 0) throw new Error(`README.md has no ${open.trim()} … ${close.trim()} block`);
    out = out.slice(0, a + open.length) + renderBlock(transcript, titles) + out.slice(b);
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const out = execFileSync(process.execPath, [join(root, 'bin', 'tdd.js'), 'demo', '--json'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const { transcript, passed } = JSON.parse(out);
  if (!passed) throw new Error('the demo failed: the README keeps its sample');
  const file = join(root, 'README.md');
  writeFileSync(file, renderReadme(readFileSync(file, 'utf8'), transcript));
  console.log('README.md: sample output written from tdd demo');
}

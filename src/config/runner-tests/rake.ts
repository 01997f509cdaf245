/**
 * minitest's test files as Rake runs them (rake 13, lib/rake/testtask.rb): each
 * `Rake::TestTask.new` of the Rakefile names them by `test_files` (a FileList, Dir[] or array of
 * literal globs) or `pattern` (one glob); a task with neither runs `test/test*.rb`. Only literal
 * strings are data: anything else in those assignments (a variable, an `.exclude`, interpolation)
 * is "cannot tell", and the runner keeps its default globs. A Rakefile with no TestTask says
 * nothing. Pure.
 */
import type { TestMatch } from '../schema.js';
import { RAKE_FILES } from './files.js';
import { cleanRelative, under, type RunnerFolder } from './paths.js';

const RAKE_DEFAULT = 'test/test*.rb';
const TASK = /\bRake::TestTask\.new\b/g;
// `t.test_files = FileList["a", "b"]` · `FileList.new(…)` · `Dir["…"]` · `Dir.glob(…)` · `["…"]` · `%w[…]`, to the line's end.
const TEST_FILES = /\.test_files\s*=\s*([^\n]*)/;
const PATTERN = /\.pattern\s*=\s*([^\n]*)/;
const LITERAL = /^(["'])([^"'#\\]*)\1$/;

/** The literal globs of one assignment's right side; undefined when it is not only literals. */
function literalGlobs(rhs: string): string[] | undefined {
  const text = rhs.replace(/\s+#.*$/, '').trim();
  const words = /^%w[[(]([^\])]*)[\])]$/.exec(text);
  if (words) return words[1]!.trim().split(/\s+/).filter(Boolean);
  const inner = /^(?:FileList(?:\.new)?|Dir(?:\.glob)?)?\s*[[(]\s*(.*?)\s*,?\s*[\])]$/.exec(text)?.[1] ?? text;
  const parts = inner.split(',').map((p) => p.trim());
  const globs: string[] = [];
  for (const p of parts) {
    const m = LITERAL.exec(p);
    if (!m) return undefined;
    globs.push(m[2]!);
  }
  return globs;
}

/** The globs one task's block names (the text from its `Rake::TestTask.new` to the next one's). */
function taskGlobs(block: string): string[] | undefined {
  const files = TEST_FILES.exec(block);
  const pattern = PATTERN.exec(block);
  if (!files && !pattern) return [RAKE_DEFAULT];
  const out: string[] = [];
  for (const m of [files, pattern]) {
    if (!m) continue;
    const globs = literalGlobs(m[1]!);
    if (!globs) return undefined;
    out.push(...globs);
  }
  return out;
}

/**
 * A Rakefile's test settings as a canonical string (test-settings.ts): each TestTask's first line
 * and its `test_files` and `pattern` assignments, whitespace aside; the rest of the Rakefile (build
 * and release tasks) is free.
 */
export function rakeSettings(text: string): string {
  const starts = [...text.matchAll(TASK)].map((m) => m.index);
  return starts
    .map((start, i) => {
      const block = text.slice(start, starts[i + 1] ?? text.length);
      const head = block.slice(0, block.indexOf('\n') === -1 ? undefined : block.indexOf('\n'));
      return [head, TEST_FILES.exec(block)?.[0] ?? '', PATTERN.exec(block)?.[0] ?? ''].map((x) => x.replace(/\s+/g, ' ').trim()).join('\n');
    })
    .join('\n\n');
}

/** minitest's test files in `folder` by its Rakefile, or undefined when it has none, names none, or cannot be read as data. */
export function readRakeTests(folder: RunnerFolder): TestMatch | undefined {
  const text = RAKE_FILES.map((n) => folder.read(n)).find((t) => t !== null);
  if (!text) return undefined;
  const starts = [...text.matchAll(TASK)].map((m) => m.index);
  if (starts.length === 0) return undefined;
  const tests = new Set<string>();
  for (const [i, start] of starts.entries()) {
    const globs = taskGlobs(text.slice(start, starts[i + 1] ?? text.length));
    if (!globs) return undefined;
    for (const g of globs) {
      const clean = cleanRelative(g);
      if (clean === undefined) return undefined;
      tests.add(under(folder.root, clean));
    }
  }
  return { tests: [...tests] };
}

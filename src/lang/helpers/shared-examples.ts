import { memoOf, type SourceReader } from './files.js';
import { dirname } from './modules.js';
import type { AssertionVia } from './index.js';
import type { LanguageProfile } from '../profile.js';

/**
 * RSpec's shared examples in other files: `it_behaves_like "a sequence"` (also
 * `it_should_behave_like`, `include_examples`) runs the examples a `shared_examples "a sequence"`
 * block defines, commonly in spec/support (factory_bot). The definitions are looked for in the
 * file's own folder and the usual support folders of its spec root (spec/support,
 * spec/support/shared_examples, spec/shared_examples, spec/shared); one counts when the part of
 * its file from the definition to the next definition (or the end) asserts. One batch of reads.
 */

const USES = /(?<![\w.:@$])(?:it_behaves_like|it_should_behave_like|include_examples)\s*\(?\s*(["'])/g;
const DEFINES = /(?<![\w.:@$])(?:RSpec\s*\.\s*)?(?:shared_examples(?:_for)?|shared_context)\s*\(?\s*(["'])/g;
const SUPPORT = ['support', 'support/shared_examples', 'shared_examples', 'shared'];

// The string literal whose opening quote is at `open` in the blanked text, read from the text (blanked, the next quote closes it).
function literalAt(blanked: string, text: string, open: number): string | undefined {
  const close = blanked.indexOf(blanked[open]!, open + 1);
  return close === -1 || blanked.lastIndexOf('\n', close) > open ? undefined : text.slice(open + 1, close);
}

export async function findSharedExamples(
  profile: LanguageProfile,
  path: string,
  blanked: string,
  text: string,
  reader: SourceReader,
  lineOf: (offset: number) => number,
): Promise<AssertionVia[]> {
  const uses: { name: string; at: number }[] = [];
  for (const m of blanked.matchAll(USES)) {
    const name = literalAt(blanked, text, m.index + m[0].length - 1);
    if (name !== undefined) uses.push({ name, at: m.index });
  }
  if (uses.length === 0) return [];
  const at = path.lastIndexOf('spec/');
  const root = at === -1 ? undefined : path.slice(0, at + 4);
  const dirs = [dirname(path), ...(root === undefined ? [] : SUPPORT.map((d) => `${root}/${d}`))];
  const memo = memoOf(reader);
  const files: string[] = [];
  for (const dir of new Set(dirs)) {
    if (!memo.lists.has(dir)) memo.lists.set(dir, reader.list(dir));
    for (const p of await memo.lists.get(dir)!) if (p.endsWith('.rb') && p !== path) files.push(p);
  }
  const texts = await reader.read(files.slice(0, 64));
  const asserting = new Map<string, string>();
  for (const [p, t] of texts) {
    const b = profile.blank(p, t);
    const defs = Array.from(b.matchAll(DEFINES), (m) => ({ at: m.index, name: literalAt(b, t, m.index + m[0].length - 1) }));
    defs.forEach((d, k) => {
      const end = defs[k + 1]?.at ?? b.length;
      const part = b.slice(d.at, end);
      if (d.name !== undefined && !asserting.has(d.name) && profile.assertions(part, [], t.slice(d.at, end)).length > 0) asserting.set(d.name, p);
    });
  }
  return uses
    .filter((u) => asserting.has(u.name))
    .map((u) => ({ call: `it_behaves_like ${u.name}`, line: lineOf(u.at), kind: 'helper' as const, helper: u.name, path: asserting.get(u.name)! }));
}

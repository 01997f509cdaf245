/**
 * The titles a JS/TS test file declares: the string literal that opens a call of test, it,
 * describe… (`it.only('adds', …)`, `t.test("nested", …)`). Found on the blanked text, which keeps
 * the quotes of strings and blanks their contents, and read from the original at the same offsets.
 * A template with `${…}` (a generated title) is left out: it is not a literal.
 */
const CALL = /\b(?:test|it|specify|describe|suite|context|bench|fit|xit|fdescribe|xdescribe|xtest)\b(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*\(\s*(['"`])/g;

export function findJsTestTitles(blanked: string, text: string): string[] {
  const titles: string[] = [];
  for (const m of blanked.matchAll(CALL)) {
    const quote = m[1]!;
    const open = m.index! + m[0].length - 1;
    const close = blanked.indexOf(quote, open + 1);
    if (close < 0) continue;
    const raw = text.slice(open + 1, close);
    if (quote === '`' && raw.includes('${')) continue;
    titles.push(raw.replace(/\\(.)/g, '$1'));
  }
  return titles;
}

const GROUPS = new Set(['describe', 'suite', 'context', 'fdescribe', 'xdescribe']);

/**
 * Each test call's extent (`it('adds', () => {…})`, from its name to its closing parenthesis), keyed
 * by its title under the titles of the groups (describe, suite…) around it: `math > adds`. Groups
 * themselves are no test: a test added inside one changes no other. A title that is not a literal
 * leaves its call out, and a call that never closes too.
 */
export function findJsTestExtents(blanked: string, text: string, brackets: Int32Array): { key: string; start: number; end: number }[] {
  const groups: { title: string; end: number }[] = [];
  const out: { key: string; start: number; end: number }[] = [];
  for (const m of blanked.matchAll(CALL)) {
    const quote = m[1]!;
    const open = m.index! + m[0].length - 1;
    const paren = m.index! + m[0].lastIndexOf('(');
    const close = blanked.indexOf(quote, open + 1);
    const end = brackets[paren] ?? -1;
    if (close < 0 || end < 0) continue;
    const raw = text.slice(open + 1, close);
    if (quote === '`' && raw.includes('${')) continue;
    const title = raw.replace(/\\(.)/g, '$1');
    while (groups.length > 0 && groups.at(-1)!.end < m.index!) groups.pop();
    const name = /^[A-Za-z_$][\w$]*/.exec(m[0])![0];
    if (GROUPS.has(name)) groups.push({ title, end });
    else out.push({ key: [...groups.map((g) => g.title), title].join(' > '), start: m.index!, end: endOfStatement(blanked, end) });
  }
  return out;
}

/** The `;` that ends a call's statement belongs to it (a test deleted takes it along). */
function endOfStatement(blanked: string, end: number): number {
  let i = end + 1;
  while (i < blanked.length && (blanked[i] === ' ' || blanked[i] === '\t')) i++;
  return blanked[i] === ';' ? i : end;
}

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

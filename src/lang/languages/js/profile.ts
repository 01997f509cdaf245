import jsTokens, { type JSXToken, type Token } from 'js-tokens';
import { findJsAssertions, findJsPrints } from './assertions.js';
import { findJsMarkers } from './markers.js';
import { parseJsImports } from './imports.js';
import { findJsTestTitles } from './titles.js';
import type { LanguageProfile } from '../../profile.js';
import { spaces } from '../../lex/text.js';

/**
 * JavaScript and TypeScript, tokenized by js-tokens: its regex-vs-division and JSX-text handling
 * is what a hand-written blanker gets wrong (`if (ok) /expect(x)/.test(s)`, `<p>expect(x)</p>`).
 */

// `.js` too: React projects commonly keep JSX in `.test.js`, and JSX mode cannot misread plain JS
// (where `<` never starts an expression). TypeScript generics (`<T,>(x: T) => x`) would be misread,
// so `.ts` and friends are lexed without it.
const JSX_EXTENSIONS = new Set(['.js', '.jsx', '.tsx']);
const TS_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.tsx']);

// After these words a `!` is the logical not (`return!/x/.test(s)`), not TypeScript's non-null `x!`.
// prettier-ignore
const KEYWORDS = new Set([
  'return', 'typeof', 'void', 'delete', 'in', 'of', 'instanceof', 'case', 'do', 'else', 'yield',
  'await', 'throw', 'new',
]);

function extensionOf(path: string): string {
  const m = /\.[^./\\]+$/.exec(path);
  return m ? m[0].toLowerCase() : '';
}

/**
 * Comments, hashbang, string and template-literal text, regex literals and JSX text become spaces;
 * code (including `${…}` expressions) stays. Same length, same '\n' positions as `text`.
 */
export function blankJs(path: string, text: string): string {
  const ext = extensionOf(path);
  const jsx = JSX_EXTENSIONS.has(ext);
  const ts = TS_EXTENSIONS.has(ext);
  // Code is copied by slices between the blanked spans: one string per blanked token, not one per
  // token (a 1 MB file is ~300,000 tokens; the garbage of one string each was most of the time).
  const out: string[] = [];
  let copied = 0;
  const blankSpan = (start: number, end: number): void => {
    if (end <= start) return;
    if (start > copied) out.push(text.slice(copied, start));
    out.push(spaces(text.slice(start, end)));
    copied = end;
  };
  let pos = 0;
  restart: while (pos < text.length) {
    const source = pos === 0 ? text : text.slice(pos);
    const tokens: Iterable<Token | JSXToken> = jsx ? jsTokens(source, { jsx: true }) : jsTokens(source);
    // The two previous significant tokens, to spot TypeScript's `x! / 2` (js-tokens reads a regex).
    let prevType = '';
    let prevValue = '';
    let prevEnd = -1;
    let prev2Type = '';
    let prev2Value = '';
    let prev2End = -1;
    for (const token of tokens) {
      const v = token.value;
      const start = pos;
      const end = pos + v.length;
      switch (token.type) {
        case 'StringLiteral':
        case 'NoSubstitutionTemplate':
        case 'JSXString':
          // Delimiters stay: later rules still see "a string was here".
          blankSpan(start + 1, end - (token.closed && v.length > 1 ? 1 : 0));
          break;
        case 'TemplateHead':
        case 'TemplateMiddle':
          blankSpan(start + 1, end - 2);
          break;
        case 'TemplateTail':
          blankSpan(start + 1, end - (token.closed && v.length > 1 ? 1 : 0));
          break;
        case 'RegularExpressionLiteral':
          if (ts && prevValue === '!' && isNonNullOperand(prev2Type, prev2Value, prev2End, prevEnd - 1)) {
            // Division after a non-null assertion: keep the slash and lex the rest afresh.
            pos += 1;
            continue restart;
          }
          blankSpan(start, end);
          break;
        case 'MultiLineComment':
        case 'SingleLineComment':
        case 'HashbangComment':
        case 'JSXText':
          blankSpan(start, end);
          break;
        default:
          break;
      }
      pos = end;
      if (token.type !== 'WhiteSpace' && token.type !== 'LineTerminatorSequence') {
        prev2Type = prevType;
        prev2Value = prevValue;
        prev2End = prevEnd;
        prevType = token.type;
        prevValue = v;
        prevEnd = pos;
      }
    }
    break;
  }
  if (copied < text.length) out.push(text.slice(copied));
  return out.join('');
}

function isNonNullOperand(type: string, value: string, end: number, at: number): boolean {
  if (end !== at) return false;
  if (type === 'IdentifierName') return !KEYWORDS.has(value);
  return value === ')' || value === ']';
}

export const jsProfile: LanguageProfile = {
  id: 'js',
  name: 'JavaScript/TypeScript',
  extensions: ['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx'],
  blank: blankJs,
  imports: parseJsImports,
  assertions: findJsAssertions,
  prints: findJsPrints,
  markers: findJsMarkers,
  titles: findJsTestTitles,
};

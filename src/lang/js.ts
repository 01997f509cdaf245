import jsTokens, { type JSXToken, type Token } from 'js-tokens';
import { findJsAssertions, findJsPrints } from './js-patterns.js';
import { findJsMarkers } from './js-markers.js';
import { parseJsImports } from './js-imports.js';
import { findJsTestTitles } from './js-titles.js';
import type { LanguageProfile } from './profile.js';

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
const KEYWORDS = new Set([
  'return', 'typeof', 'void', 'delete', 'in', 'of', 'instanceof', 'case', 'do', 'else', 'yield',
  'await', 'throw', 'new',
]);

function extensionOf(path: string): string {
  const m = /\.[^./\\]+$/.exec(path);
  return m ? m[0].toLowerCase() : '';
}

function spaces(s: string): string {
  return s.includes('\n') ? s.replace(/[^\n]/g, ' ') : ' '.repeat(s.length);
}

// Delimiters are kept so later rules can still see "a string was here" (`{ skip: '…' }`) and find
// an import specifier by its quotes; only the contents go.
function keepEnds(s: string, head: number, tail: number): string {
  if (s.length <= head + tail) return s;
  return s.slice(0, head) + spaces(s.slice(head, s.length - tail)) + s.slice(s.length - tail);
}

/**
 * Comments, hashbang, string and template-literal text, regex literals and JSX text become spaces;
 * code (including `${…}` expressions) stays. Same length, same '\n' positions as `text`.
 */
export function blankJs(path: string, text: string): string {
  const ext = extensionOf(path);
  const jsx = JSX_EXTENSIONS.has(ext);
  const ts = TS_EXTENSIONS.has(ext);
  const out: string[] = [];
  let pos = 0;
  restart: while (pos < text.length) {
    const source = pos === 0 ? text : text.slice(pos);
    const tokens: Iterable<Token | JSXToken> = jsx ? jsTokens(source, { jsx: true }) : jsTokens(source);
    // The two previous significant tokens, to spot TypeScript's `x! / 2` (js-tokens reads a regex).
    let prev: { type: string; value: string; end: number } | undefined;
    let prev2: typeof prev;
    for (const token of tokens) {
      const v = token.value;
      switch (token.type) {
        case 'StringLiteral':
        case 'NoSubstitutionTemplate':
        case 'JSXString':
          out.push(keepEnds(v, 1, token.closed ? 1 : 0));
          break;
        case 'TemplateHead':
        case 'TemplateMiddle':
          out.push(keepEnds(v, 1, 2));
          break;
        case 'TemplateTail':
          out.push(keepEnds(v, 1, token.closed ? 1 : 0));
          break;
        case 'RegularExpressionLiteral':
          if (ts && prev?.value === '!' && isNonNullOperand(prev2, prev.end - 1)) {
            // Division after a non-null assertion: emit the slash and lex the rest afresh.
            out.push('/');
            pos += 1;
            continue restart;
          }
          out.push(spaces(v));
          break;
        case 'MultiLineComment':
        case 'SingleLineComment':
        case 'HashbangComment':
        case 'JSXText':
          out.push(spaces(v));
          break;
        default:
          out.push(v);
      }
      pos += v.length;
      if (token.type !== 'WhiteSpace' && token.type !== 'LineTerminatorSequence') {
        prev2 = prev;
        prev = { type: token.type, value: v, end: pos };
      }
    }
    break;
  }
  return out.join('');
}

function isNonNullOperand(t: { type: string; value: string; end: number } | undefined, at: number): boolean {
  if (t === undefined || t.end !== at) return false;
  if (t.type === 'IdentifierName') return !KEYWORDS.has(t.value);
  return t.value === ')' || t.value === ']';
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

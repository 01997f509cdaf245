/**
 * IMPL_ALWAYS_EQUAL: an equality that equals everything — an `__eq__`, `equals`, `Equals`,
 * `operator ==`, `PartialEq::eq`, `==` or `Equal` whose body is one constant `return true` (or a
 * `compareTo`/`CompareTo`/`<=>`/`cmp` that is always 0 / `Ordering::Equal`), and jest's and
 * vitest's `asymmetricMatch` that matches anything. `assert parse("1.25") == Money(125)` then
 * passes whatever `parse` returns. A real comparison reads its operand, so it never matches.
 */
import type { Finding } from '../../types.js';
import { evaluateRule, type Scans } from './rule.js';
import type { Hit, ImplText, IntegrityInput, Scan } from './source.js';

// A body that is only `return true` / `true`, with `;` or not, in braces or after `=>`/`=`.
const TRUE = String.raw`(?:\{\s*(?:return\s+)?(?:true|!0)\s*;?\s*\}|(?:=>|=)\s*(?:true|!0)\b(?!\s*[&|?.=]))`;
const ZERO = String.raw`(?:\{\s*(?:return\s+)?0\s*;?\s*\}|(?:=>|=)\s*0\b(?!\s*[&|?.=+\-*]))`;
const PARAMS = String.raw`\([^()]*\)`;
const RET = String.raw`(?:\s*:\s*[\w.<>?]+|\s*->\s*[\w:<>]+)?\s*`;

function patterns(...res: RegExp[]): Scan {
  return (src: ImplText): Hit[] =>
    res.flatMap((re) => [...src.blanked.matchAll(re)].map((m) => ({ offset: m.index, text: m[0].replace(/\s+/g, ' ').slice(0, 80) })));
}

const re = (s: string) => new RegExp(s, 'g');

/**
 * Python: an `__eq__` (or `__ne__`) whose every `return` is a constant (True, False,
 * NotImplemented, 1…), one of them the answer that equals everything, and which never reads its
 * operand but to check its type: `if not isinstance(other, Money): return NotImplemented` then
 * `return True` equals every Money.
 */
function pythonConstantEq(src: ImplText): Hit[] {
  const hits: Hit[] = [];
  // A test for the names before the line-anchored scan: most files define neither (the scan ~8 ms per MB).
  if (!src.blanked.includes('__eq__') && !src.blanked.includes('__ne__')) return hits;
  for (const m of src.blanked.matchAll(/^([ \t]*)def\s+(__eq__|__ne__)\s*\([^)]*\)[^:\n]*:/gm)) {
    const indent = m[1]!.length;
    const rest = src.blanked.slice(m.index + m[0].length);
    // The body: the rest of the def's line, then the lines indented deeper than the def.
    const lines = rest.split('\n');
    let body = lines[0]!;
    for (const line of lines.slice(1)) {
      if (line.trim() !== '' && /^[ \t]*/.exec(line)![0].length <= indent) break;
      body += '\n' + line;
    }
    const returns = [...body.matchAll(/\breturn\b([^\n;]*)/g)].map((r) => r[1]!.trim());
    const answers = m[2] === '__eq__' ? ['True', '1', 'not False'] : ['False', '0', 'not True'];
    const constants = ['True', 'False', 'NotImplemented', '1', '0', 'not False', 'not True'];
    const constant = returns.length > 0 && returns.every((r) => constants.includes(r)) && returns.some((r) => answers.includes(r));
    const answer = returns.find((r) => answers.includes(r));
    // What it compares: its operand, read anywhere but in a type check (`isinstance(other, Money)`).
    const operand = /\(\s*\w+\s*,\s*(\w+)/.exec(m[0])?.[1];
    const read = body.replace(/\b(?:isinstance|type)\s*\([^)]*\)/g, '');
    const compares = operand === undefined || new RegExp(`\\b${operand}\\b`).test(read) || /==|!=|<|>/.test(read);
    if (constant && !compares) hits.push({ offset: m.index + indent, text: `${m[2]}: return ${answer}` });
  }
  return hits;
}

const SCANS: Scans = {
  js: patterns(
    re(String.raw`\b(?:equals|isEqual|asymmetricMatch)\s*${PARAMS}${RET}${TRUE}`),
    re(String.raw`\b(?:equals|isEqual|asymmetricMatch)\s*[:=]\s*(?:function\s*)?${PARAMS}${RET}${TRUE}`),
    re(String.raw`\b(?:equals|isEqual|asymmetricMatch)\s*[:=]\s*[\w$]+\s*=>\s*(?:true|!0)\b(?!\s*[&|?.=])`),
    re(String.raw`\bcompareTo\s*${PARAMS}${RET}${ZERO}`),
    // `static [Symbol.hasInstance]() { return true }`: every value is an instance (`toBeInstanceOf`).
    re(String.raw`\[\s*Symbol\s*\.\s*hasInstance\s*\]\s*${PARAMS}${RET}${TRUE}`),
  ),
  python: (src, path) => [...pythonConstantEq(src), ...patterns(/\b__eq__\s*=\s*lambda\s+[^:]*:\s*True\b/g)(src, path)],
  go: patterns(/\bfunc\s*\([^)]*\)\s*Equal\s*\([^)]*\)\s*bool\s*\{\s*return\s+true\s*\}/g),
  rust: patterns(
    /\bfn\s+(?:eq)\s*\([^)]*\)\s*->\s*bool\s*\{\s*(?:return\s+)?true\s*;?\s*\}/g,
    /\bfn\s+(?:ne)\s*\([^)]*\)\s*->\s*bool\s*\{\s*(?:return\s+)?false\s*;?\s*\}/g,
    /\bfn\s+(?:cmp|partial_cmp)\s*\([^)]*\)\s*->\s*[\w:<>]+\s*\{\s*(?:return\s+)?(?:Some\s*\(\s*)?(?:std::cmp::|core::cmp::)?(?:Ordering::)?Equal\s*\)?\s*;?\s*\}/g,
  ),
  java: patterns(
    re(String.raw`\bboolean\s+equals\s*\([^)]*\)\s*\{\s*return\s+true\s*;\s*\}`),
    re(String.raw`\bint\s+compareTo\s*\([^)]*\)\s*\{\s*return\s+0\s*;\s*\}`),
  ),
  kotlin: patterns(
    re(String.raw`\bfun\s+equals\s*\([^)]*\)\s*(?::\s*Boolean\s*)?(?:=\s*true\b|\{\s*return\s+true\s*\})`),
    re(String.raw`\bfun\s+compareTo\s*\([^)]*\)\s*(?::\s*Int\s*)?(?:=\s*0\b|\{\s*return\s+0\s*\})`),
  ),
  csharp: patterns(
    re(String.raw`\bbool\s+(?:Equals|operator\s*==)\s*\([^)]*\)\s*(?:\{\s*return\s+true\s*;\s*\}|=>\s*true\s*;)`),
    re(String.raw`\bbool\s+operator\s*!=\s*\([^)]*\)\s*(?:\{\s*return\s+false\s*;\s*\}|=>\s*false\s*;)`),
    re(String.raw`\bint\s+CompareTo\s*\([^)]*\)\s*(?:\{\s*return\s+0\s*;\s*\}|=>\s*0\s*;)`),
  ),
  ruby: patterns(
    /\bdef\s+(?:==|eql\?|equal\?|===)\s*(?:\([^)]*\)|\s+\w+)?\s*(?:;|\n)?\s*true\s*(?:;|\n)\s*end\b/g,
    /\bdef\s+<=>\s*(?:\([^)]*\)|\s+\w+)?\s*(?:;|\n)?\s*0\s*(?:;|\n)\s*end\b/g,
  ),
  abap: null,
  // PHP has no operator overloading: `==` on objects compares their properties, which the class cannot bend.
  php: null,
};

export function evaluateImplAlwaysEqual(input: IntegrityInput): Finding<'IMPL_ALWAYS_EQUAL'>[] {
  return evaluateRule('IMPL_ALWAYS_EQUAL', input, SCANS);
}

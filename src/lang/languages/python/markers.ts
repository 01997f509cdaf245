import { matchMarkers, type MarkerRule } from '../../scan/match.js';
import { escapeRegExp, type ImportBinding, type MarkerHit, type MarkerKind } from '../../profile.js';

/**
 * pytest and unittest skip / xfail / focus markers (research test-runners.md §6), on blanked text,
 * under the module's local names: `import pytest as pt` → `pt.mark.skip`; `from pytest import mark`
 * → `mark.skipif(`; `from unittest import skip` → `@skip(`.
 */

const MARK_KIND: Record<string, MarkerKind> = { skip: 'skip', skipif: 'skip', xfail: 'xfail', only: 'focus', focus: 'focus' };
const CALL_KIND: Record<string, MarkerKind> = { skip: 'skip', importorskip: 'skip', xfail: 'xfail' };
const UNITTEST_KIND: Record<string, MarkerKind> = { skip: 'skip', skipIf: 'skip', skipUnless: 'skip', expectedFailure: 'xfail' };

const STATIC_RULES: MarkerRule[] = [
  { re: /(?<![\w.])self\s*\.\s*skipTest(?=\s*\()/g, kind: 'skip' },
  // raise unittest.SkipTest("…") · raise SkipTest · raise case.SkipTest
  { re: /(?<![\w.])raise\s+(?:[\w.]+\s*\.\s*)?SkipTest\b/g, kind: 'skip' },
];

function localNames(imports: readonly ImportBinding[], specifier: string, imported: string): string[] {
  return imports.filter((b) => b.specifier === specifier && b.imported === imported).map((b) => escapeRegExp(b.local));
}

const either = (names: string[]): string => `(?:${names.join('|')})`;

export function findPythonMarkers(blanked: string, text: string, imports: readonly ImportBinding[]): MarkerHit[] {
  const pytest = either(['pytest', ...localNames(imports, 'pytest', '*')]);
  const unittest = either(['unittest', ...localNames(imports, 'unittest', '*')]);
  const marks = [`${pytest}\\s*\\.\\s*mark`, ...localNames(imports, 'pytest', 'mark')];
  const rules: MarkerRule[] = [
    ...STATIC_RULES,
    // @pytest.mark.skip · @pytest.mark.skipif( · pytestmark = pytest.mark.skip · marks=pytest.mark.xfail
    { re: new RegExp(String.raw`(?<![\w.])${either(marks)}\s*\.\s*(skip|skipif|xfail|only|focus)\b`, 'g'), kind: (m) => MARK_KIND[m[1]!] },
    // pytest.skip( · pytest.importorskip( · pytest.xfail( · raise pytest.skip.Exception
    {
      re: new RegExp(String.raw`(?<![\w.])${pytest}\s*\.\s*(skip|importorskip|xfail)(?=\s*\(|\s*\.\s*Exception\b)`, 'g'),
      kind: (m) => CALL_KIND[m[1]!],
    },
    // @unittest.skip( · @unittest.skipIf( · @unittest.skipUnless( · @unittest.expectedFailure
    { re: new RegExp(String.raw`(?<![\w.])${unittest}\s*\.\s*(skip|skipIf|skipUnless|expectedFailure)\b`, 'g'), kind: (m) => UNITTEST_KIND[m[1]!] },
  ];
  for (const b of imports) {
    const name = escapeRegExp(b.local);
    if (b.specifier === 'pytest' && Object.hasOwn(CALL_KIND, b.imported)) {
      rules.push({ re: new RegExp(String.raw`(?<![\w.])${name}(?=\s*\()`, 'g'), kind: CALL_KIND[b.imported]! });
    } else if (b.specifier === 'unittest' && Object.hasOwn(UNITTEST_KIND, b.imported)) {
      // Only as a decorator: a bare `skip(` may be anything.
      rules.push({ re: new RegExp(String.raw`${name}(?<=@\s*${name})\b`, 'g'), kind: UNITTEST_KIND[b.imported]! });
    }
  }
  return matchMarkers(blanked, text, rules);
}

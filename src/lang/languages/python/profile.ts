import { blankPython } from '../../lex/hash.js';
import { isDeclared, matchOffsets } from '../../scan/match.js';
import { escapeRegExp, type ImportBinding, type LanguageProfile } from '../../profile.js';
import { findPythonMarkers } from './markers.js';
import { parsePythonImports } from './imports.js';

/**
 * Python: pytest and unittest (research test-runners.md §5.4, §6), matched on text blanked by the
 * hash-family lexer, so an `assert` in a docstring, comment or string never counts.
 */

// `assert` is a keyword: counted where a statement starts (line start, `;`, or `:` as in
// `if x: assert y`), never as a name. `assert(x, "m")` is the statement too (an always-true tuple,
// but a real assertion statement as far as the gate can see).
// (Lookbehinds come after the literal: V8 would try one that leads at every offset.)
const ASSERT_STATEMENT = /assert\b(?<=(?:^|[;:])[ \t\f]*assert)/gm;

const PATTERNS = [
  ASSERT_STATEMENT,
  // unittest: self.assertEqual( self.assert_( self.fail( and the deprecated failUnless…/failIf…
  /(?<![\w.])self\s*\.\s*(?:assert[A-Z_]\w*|fail(?:Unless\w*|If\w*)?)\s*\(/g,
  // unittest.mock: m.assert_called_once_with( m.assert_not_awaited( …
  /assert_(?<=\.\s*assert_)(?:called|not_called|any_call|has_calls|awaited|not_awaited|any_await|has_awaits)\w*\s*\(/g,
  // numpy.testing / pandas.testing / torch.testing: np.testing.assert_allclose( pd.testing.assert_frame_equal(
  /(?<![\w])testing\s*\.\s*assert_\w+\s*\(/g,
  // PyHamcrest / assertpy: assert_that(
  /(?<![\w.])assert_that\s*\(/g,
];

// pytest's own: pytest.raises( pytest.warns( pytest.fail( pytest.deprecated_call(, under any alias.
const PYTEST_ASSERTIONS = ['raises', 'warns', 'fail', 'deprecated_call'];

/** Offsets of real assertions, ascending. */
export function findPythonAssertions(blanked: string, imports: readonly ImportBinding[]): number[] {
  const roots = ['pytest', ...imports.filter((b) => b.specifier === 'pytest' && b.imported === '*').map((b) => b.local)];
  const patterns = [
    ...PATTERNS,
    new RegExp(String.raw`(?<![\w.])(?:${roots.map(escapeRegExp).join('|')})\s*\.\s*(?:${PYTEST_ASSERTIONS.join('|')})\s*\(`, 'g'),
  ];
  // Bare names imported from pytest (`from pytest import raises`), any `assert*` function
  // (`from numpy.testing import assert_allclose`), and modules named testing (`import numpy.testing as npt`).
  const bare = imports
    .filter((b) => (b.specifier === 'pytest' && PYTEST_ASSERTIONS.includes(b.imported)) || /^assert/.test(b.imported))
    .map((b) => escapeRegExp(b.local));
  if (bare.length > 0) patterns.push(new RegExp(String.raw`(?<![\w.])(?:${bare.join('|')})\s*\(`, 'g'));
  const testing = imports.filter((b) => /(?:^|\.)testing$/.test(b.specifier) && b.imported === '*').map((b) => escapeRegExp(b.local));
  if (testing.length > 0) patterns.push(new RegExp(String.raw`(?<![\w.])(?:${testing.join('|')})\s*\.\s*assert_\w+\s*\(`, 'g'));
  return matchOffsets(blanked, patterns, (at) => !isDeclared(blanked, at, false));
}

// print( pprint( pprint.pprint( logging.info( sys.stdout.write( — not a project's own logger.
const PRINT =
  /(?<![\w.])(?:print|pprint(?:\s*\.\s*pprint)?|logging\s*\.\s*(?:debug|info|warning|warn|error|exception|critical|log)|sys\s*\.\s*std(?:out|err)\s*\.\s*write)\s*\(/g;

/** Offsets of print calls, ascending. */
export function findPythonPrints(blanked: string): number[] {
  return matchOffsets(blanked, [PRINT], (at) => !isDeclared(blanked, at, false));
}

// def test_x( · async def test_x( — pytest's default python_functions = "test*".
const TEST_DEF = /(?:async[ \t\f]+)?def(?<=(?:^|[;:])[ \t\f]*(?:async[ \t\f]+)?def)[ \t\f]+(test\w*)\s*\(/gm;

/** The names of the test functions and methods a file defines. */
export function findPythonTestTitles(blanked: string): string[] {
  return Array.from(blanked.matchAll(TEST_DEF), (m) => m[1]!);
}

export const pythonProfile: LanguageProfile = {
  id: 'python',
  name: 'Python',
  extensions: ['.py'],
  blank: (_path, text) => blankPython(text),
  imports: (blanked) => parsePythonImports(blanked),
  assertions: findPythonAssertions,
  prints: findPythonPrints,
  markers: findPythonMarkers,
  titles: (blanked) => findPythonTestTitles(blanked),
};

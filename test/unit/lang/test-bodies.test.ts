/** Which old tests a change takes away (RED adds; it does not take away): literal files → the tests named. */
import { describe, expect, it } from 'vitest';
import { compareBodies, declaredTestBodies } from '../../../src/lang/index.js';

/** `path`, the file before, after (null: deleted) → `test change` per old test changed. */
function changes(path: string, before: string, after: string | null, elsewhere: string[] = []): string[] {
  const b = declaredTestBodies(path, before)!;
  const a = after === null ? undefined : declaredTestBodies(path, after);
  const moved = new Set(elsewhere.flatMap((t) => [...declaredTestBodies(path, t)!.tests.values()]));
  return compareBodies(b, a, moved).map((c) => `${c.test || '(outside)'} ${c.change}`);
}

const VITEST = `import { describe, expect, it } from 'vitest';
import { greet } from '../src/greet';

describe('greet', () => {
  it('says hello', () => {
    expect(greet('bob')).toBe('hello bob');
  });
});
`;
const ADDED = VITEST.replace('  });\n});', "  });\n\n  it('shouts', () => {\n    expect(shout('bob')).toBe('BOB');\n  });\n});").replace(
  '{ greet }',
  '{ greet, shout }',
);

describe('JS/TS: tests by group and title', () => {
  it.each<[string, string, string | null, string[]]>([
    ['unchanged', VITEST, VITEST, []],
    ['a test added beside the old one, an import widened', VITEST, ADDED, []],
    ['a comment and the layout changed', VITEST, VITEST.replace("toBe('hello bob');", "toBe( 'hello bob' ) ; // why\n"), []],
    ['the expected value weakened', VITEST, VITEST.replace("toBe('hello bob')", 'toBeTruthy()'), ['greet > says hello edited']],
    ['the expected string changed', VITEST, VITEST.replace("'hello bob'", "'hi bob'"), ['greet > says hello edited']],
    ['an assertion removed', VITEST, VITEST.replace("    expect(greet('bob')).toBe('hello bob');\n", ''), ['greet > says hello edited']],
    ['the title renamed', VITEST, VITEST.replace("'says hello'", "'says hi'"), ['greet > says hello deleted']],
    ['the test deleted', VITEST, VITEST.replace(/ {2}it\('says hello'[\s\S]*?\n {2}\}\);\n/, ''), ['greet > says hello deleted']],
    ['the file deleted', VITEST, null, ['greet > says hello deleted']],
    ['a skip added', VITEST, VITEST.replace("it('says", "it.skip('says"), ['greet > says hello edited']],
    ['the import taken away', VITEST, VITEST.replace("import { greet } from '../src/greet';\n", ''), ['(outside) outside']],
    [
      'a shared constant changed',
      `const WANT = 'hello bob';\n${VITEST.replace("'hello bob'", 'WANT')}`,
      `const WANT = 'hi';\n${VITEST.replace("'hello bob'", 'WANT')}`,
      ['(outside) outside'],
    ],
  ])('%s', (_, before, after, expected) => {
    expect(changes('test/greet.test.ts', before, after)).toEqual(expected);
  });

  it('a test moved, unchanged, into another file is no change', () => {
    const other = `import { it, expect } from 'vitest';\ndescribe('greet', () => {\n  it('says hello', () => {\n    expect(greet('bob')).toBe('hello bob');\n  });\n});\n`;
    expect(changes('test/greet.test.ts', VITEST, null, [other])).toEqual([]);
  });

  it('two tests of one title are told apart by their order', () => {
    const two = "it('x', () => { expect(1).toBe(1); });\nit('x', () => { expect(2).toBe(2); });\n";
    expect(changes('a.test.js', two, two.replace('toBe(2)', 'toBe(3)'))).toEqual(['x#2 edited']);
  });
});

const PYTEST = `from money import parse, Money

EXPECTED = Money(125)


def test_parses():
    assert parse("1.25") == EXPECTED


class TestMoney:
    def test_adds(self):
        assert Money(1) + Money(2) == Money(3)  # plain
`;

describe('Python: tests by function name', () => {
  it.each<[string, string, string | null, string[]]>([
    ['unchanged', PYTEST, PYTEST, []],
    ['a test added at the end', PYTEST, `${PYTEST}\n    def test_subtracts(self):\n        assert Money(3) - Money(2) == Money(1)\n`, []],
    ['a comment changed', PYTEST, PYTEST.replace('# plain', '# sum'), []],
    ['an expected value changed', PYTEST, PYTEST.replace('== Money(3)', '== Money(4)'), ['test_adds edited']],
    ['an assertion weakened', PYTEST, PYTEST.replace('assert parse("1.25") == EXPECTED', 'assert parse("1.25") is not None'), ['test_parses edited']],
    ['a test deleted', PYTEST, PYTEST.replace(/\n\ndef test_parses[\s\S]*?EXPECTED\n/, ''), ['test_parses deleted']],
    ['the module-level expected value changed', PYTEST, PYTEST.replace('Money(125)', 'Money(0)'), ['(outside) outside']],
  ])('%s', (_, before, after, expected) => {
    expect(changes('test_money.py', before, after)).toEqual(expected);
  });
});

describe('Go and Rust: the test functions', () => {
  it.each<[string, string, string, string[]]>([
    [
      'Go: a test added',
      'package m\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal("x")\n\t}\n}\n',
      'package m\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal("x")\n\t}\n}\n\nfunc TestSub(t *testing.T) {\n\tt.Fatal("y")\n}\n',
      [],
    ],
    [
      'Go: a test weakened',
      'package m\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal("x")\n\t}\n}\n',
      'package m\n\nfunc TestAdd(t *testing.T) {\n}\n',
      ['TestAdd edited'],
    ],
  ])('%s', (_, before, after, expected) => {
    expect(changes('m_test.go', before, after)).toEqual(expected);
  });

  it('Rust: a #[test] fn edited', () => {
    const rs = '#[test]\nfn adds() {\n    assert_eq!(add(1, 2), 3);\n}\n';
    expect(changes('tests/a.rs', rs, rs.replace('3)', '4)'))).toEqual(['adds edited']);
  });
});

describe('a language whose tests we cannot delimit', () => {
  it('is judged as a whole file (undefined here)', () => {
    expect(declaredTestBodies('spec/a_spec.rb', "it 'x' do\nend\n")).toBeUndefined();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeTestFile, blank, declaredTestTitles, languageOf } from '../../../src/lang/index.js';
import { cpuMsOf } from '../../helpers/linear.js';

const P = 'src/zcl_math.clas.testclasses.abap';
const count = (text: string): number | undefined => analyzeTestFile(P, text)?.assertions;
const markers = (text: string): string[] => (analyzeTestFile(P, text)?.markers ?? []).map((m) => `${m.kind} ${m.text}`);

const FAIL = 'cl_abap_unit_assert=>fail( ).';

// research/test-runners.md §5.3 (ABAP row): comments, the three literal forms, case.
const EDGE: [string, string, number][] = [
  ['* in column 1 comments out the line', `* ${FAIL}\n`, 0],
  ['* elsewhere multiplies', `  lv = 2 * 3. ${FAIL}\n`, 1],
  ['" comments to the line end', `cl_abap_unit_assert=>assert_true( abap_true ). " ${FAIL}\n`, 1],
  ["'…' literal with a doubled quote", `DATA(s) = 'it''s " ${FAIL}'. cl_abap_unit_assert=>assert_initial( s ).\n`, 1],
  ['`…` literal with a doubled backtick', `DATA(s) = \`a\`\`b ${FAIL}\`.\n`, 0],
  ['" inside a literal is no comment', `DATA(q) = '"'. ${FAIL}\n`, 1],
  ['template text, escapes included', `DATA(s) = |a { lines( t ) } b \\| ${FAIL} \\{ x|.\n`, 0],
  ['a template inside an embedded expression', `DATA(s) = |{ COND #( WHEN x = 1 THEN |${FAIL}| ) }|. ${FAIL}\n`, 1],
  ['an embedded expression is code', `DATA(s) = |{ ${FAIL.slice(0, -1)} }|.\n`, 1],
  ['an unterminated literal ends at its line', `DATA(s) = 'abc\n${FAIL}\nDATA(t) = |x\n${FAIL}\n`, 2],
  ['any case', 'CL_ABAP_UNIT_ASSERT=>ASSERT_EQUALS( act = a exp = b ).\nCl_Aunit_Assert=>Fail( ).\n', 2],
];

// research §5.4: ABAP Unit's assert classes, old and new, and the calls that look like them.
const PATTERNS: [string, string, number][] = [
  [
    'cl_abap_unit_assert=>assert_* and fail',
    'cl_abap_unit_assert=>assert_equals( act = a exp = b ).\ncl_abap_unit_assert=>assert_differs( act = a exp = c ).\ncl_abap_unit_assert=>assert_bound( o ).\ncl_abap_unit_assert=>assert_subrc( ).\ncl_abap_unit_assert=>assert_char_cp( act = s exp = `a*` ).\ncl_abap_unit_assert=>fail( msg = `no` ).\n',
    6,
  ],
  ['the old cl_aunit_assert', 'cl_aunit_assert=>assert_equals( act = a exp = b ).\ncl_aunit_assert=>fail( ).\n', 2],
  ['CALL METHOD, spaced over lines', 'CALL METHOD cl_abap_unit_assert=>assert_equals\n  EXPORTING\n    act = a\n    exp = b.\n', 1],
  ['test double verification', 'cl_abap_testdouble=>verify_expectations( lo_double ).\n', 1],
  [
    'unqualified in a class inheriting the asserts',
    'CLASS ltc_math DEFINITION FOR TESTING INHERITING FROM cl_aunit_assert.\nENDCLASS.\nCLASS ltc_math IMPLEMENTATION.\n  METHOD adds.\n    assert_equals( act = a exp = b ).\n    me->fail( ).\n    CALL METHOD assert_initial EXPORTING act = x.\n  ENDMETHOD.\nENDCLASS.\n',
    3,
  ],
  [
    'a local subclass as an alias',
    'CLASS lcl_assert DEFINITION INHERITING FROM cl_abap_unit_assert.\nENDCLASS.\nCLASS lcl_check DEFINITION INHERITING FROM lcl_assert.\nENDCLASS.\nlcl_assert=>assert_true( x ).\nlcl_check=>fail( ).\n',
    2,
  ],
  [
    'look-alikes',
    "assert_equals( act = a exp = b ).\nlcl_helper=>assert_valid( x ).\nzcl_abap_unit_assert=>assert_equals( act = a exp = b ).\nlo_helper->assert_ok( ).\ncl_abap_unit_assert=>skip( 'x' ).\ncl_abap_unit_assert=>assume_true( x ).\nMETHODS assert_sum IMPORTING a TYPE i.\nASSERT x = 1.\n",
    0,
  ],
  [
    'another object or interface in a subclass',
    'CLASS ltc DEFINITION FOR TESTING INHERITING FROM cl_aunit_assert.\nENDCLASS.\nlo_helper->assert_ok( ).\nif_check~fail( ).\nMETHODS assert_sum IMPORTING a TYPE i.\n',
    0,
  ],
];

describe('ABAP assertions', () => {
  it('is the language of .abap files', () => expect(languageOf('src/zcl_x.clas.testclasses.abap')).toBe('abap'));
  it.each(EDGE)('edge case: %s', (_name, text, expected) => expect(count(text)).toBe(expected));
  it.each(PATTERNS)('%s', (_name, text, expected) => expect(count(text)).toBe(expected));

  it('reports the line of each assertion', () => {
    const text = `* ${FAIL}\n\ncl_abap_unit_assert=>assert_true( x ). ${FAIL}\n`;
    expect(analyzeTestFile(P, text)?.assertionLines).toEqual([3, 3]);
  });
});

describe('ABAP print-only', () => {
  const cases: [string, string, boolean, number][] = [
    ['WRITE, cl_demo_output, out->write', "WRITE: / 'x'.\nWRITE lv_x. write / lv_y.\ncl_demo_output=>display( x ).\nout->write( x ).\n", true, 5],
    ['prints and an assertion', "WRITE / 'x'.\ncl_abap_unit_assert=>assert_true( x ).\n", false, 1],
    ['not prints', "WRITE sy-datum TO lv_text.\nMETHOD write.\nlo_file->write( x ).\n* WRITE x.\nDATA(s) = 'WRITE x.'.\n", false, 0],
  ];
  it.each(cases)('%s', (_name, text, printOnly, prints) => {
    const a = analyzeTestFile(P, text)!;
    expect({ printOnly: a.printOnly, prints: a.prints }).toEqual({ printOnly, prints });
  });
});

describe('ABAP markers', () => {
  const POSITIVE: [string, string, string[]][] = [
    ['cl_abap_unit_assert=>skip( )', "cl_abap_unit_assert=>skip( 'needs an RFC destination' ).\n", ['skip cl_abap_unit_assert=>skip']],
    [
      'assumptions and abort end a test unjudged',
      'cl_abap_unit_assert=>assume_true( act = x ).\ncl_aunit_assert=>abort( ).\n',
      ['skip cl_abap_unit_assert=>assume_true', 'skip cl_aunit_assert=>abort'],
    ],
    ['in a subclass, unqualified', "CLASS ltc DEFINITION FOR TESTING INHERITING FROM cl_abap_unit_assert.\nENDCLASS.\nskip( 'later' ).\n", ['skip skip']],
    ['any case', "CL_ABAP_UNIT_ASSERT=>SKIP( 'x' ).\n", ['skip CL_ABAP_UNIT_ASSERT=>SKIP']],
  ];
  const NEGATIVE: [string, string][] = [
    [
      'in comments and literals',
      "* cl_abap_unit_assert=>skip( ).\n\" cl_abap_unit_assert=>skip( ).\nDATA(s) = 'cl_abap_unit_assert=>skip( )' && |cl_abap_unit_assert=>skip( )|.\n",
    ],
    ['ABAP Unit has no focus marker: test class options select nothing', 'CLASS ltc DEFINITION FOR TESTING DURATION SHORT RISK LEVEL HARMLESS.\nENDCLASS.\n'],
    ['other skip methods', 'METHODS skip_if_empty.\nlo_reader->skip( 4 ).\nskip( 1 ).\n'],
  ];
  it.each(POSITIVE)('finds %s', (_name, text, expected) => expect(markers(text)).toEqual(expected));
  it.each(NEGATIVE)('ignores %s', (_name, text) => expect(markers(text)).toEqual([]));
});

describe('ABAP titles and blanking', () => {
  it('declares the methods FOR TESTING', () => {
    const text =
      'CLASS ltc DEFINITION FOR TESTING.\n  PRIVATE SECTION.\n    CLASS-METHODS class_setup.\n    METHODS adds FOR TESTING.\n    METHODS: subtracts FOR TESTING RAISING cx_static_check,\n      helper,\n      Divides for testing.\n    " METHODS commented FOR TESTING.\n    METHODS setup.\nENDCLASS.\n';
    expect(declaredTestTitles(P, text)).toEqual(['adds', 'subtracts', 'Divides']);
  });

  const BLANK: [string, string, string][] = [
    ['* line comment', '* a\nb', '   \nb'],
    ['" comment', 'a = 2 * 3. " c', 'a = 2 * 3.    '],
    ["'…' with ''", "'it''s' x", "'     ' x"],
    ['`…` with ``', '`a``b` x', '`    ` x'],
    ['template: text blanked, expression kept', '|a { b } c|', '|  { b }  |'],
  ];
  it.each(BLANK)('blank: %s', (_name, text, expected) => expect(blank(P, text)).toBe(expected));

  // ABAP's own delimiters (blank-families.test.ts has the shared ones), mostly unterminated and interleaved.
  const FRAGMENTS = [
    '"',
    "'",
    "''",
    '`',
    '``',
    '|',
    '\\|',
    '\\',
    '{',
    '}',
    '*',
    '\n*',
    '\n',
    '\r\n',
    ' ',
    'x',
    'cl_abap_unit_assert=>fail( ).',
    'WRITE x.',
    '😀',
  ];
  it('keeps the length and every newline of any text, and never throws', () => {
    const text = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }).map((parts) => parts.join(''));
    const newlines = (s: string): number[] => Array.from(s.matchAll(/\n/g), (m) => m.index);
    fc.assert(
      fc.property(text, (t) => {
        const out = blank(P, t);
        expect(out.length).toBe(t.length);
        expect(newlines(out)).toEqual(newlines(t));
        expect(() => analyzeTestFile(P, t)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('is linear on deeply nested templates, and neither throws nor changes the length', async () => {
    const text = '|{ '.repeat(20_000) + '\n' + "'".repeat(1000);
    const ms = await cpuMsOf(() => {
      expect(blank(P, text).length).toBe(text.length);
      expect(analyzeTestFile(P, text)?.language).toBe('abap');
    });
    expect(ms).toBeLessThan(500);
  });
});

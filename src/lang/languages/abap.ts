import { blankAbap } from '../lex/abap.js';
import { matchMarkers, matchOffsets, type MarkerRule } from '../scan/match.js';
import { escapeRegExp, type LanguageProfile } from '../profile.js';

/**
 * ABAP Unit (research test-runners.md §5.4, §6), matched case-insensitively like ABAP itself: the
 * static methods of cl_abap_unit_assert and of the older cl_aunit_assert, called through either
 * class or through a local class inheriting from one (`lcl_assert=>assert_equals( … )`). A file
 * with such a subclass also counts unqualified calls (`assert_equals( … )`, `me->fail( )`,
 * `CALL METHOD assert_initial EXPORTING …`): the old style of test class that inherits its
 * asserts. ABAP Unit has no focus marker: which tests run is chosen outside the source.
 */

const ASSERT_CLASSES = ['cl_abap_unit_assert', 'cl_aunit_assert'];
const ASSERTING = String.raw`assert_\w+|fail`;
// skip( ends the test as skipped; a failed assume_*( or abort( ("the test's context is missing") ends it unjudged.
const SKIPPING = String.raw`skip|abort|assume_\w+`;

// CLASS ltc_math DEFINITION FOR TESTING … INHERITING FROM cl_aunit_assert.
const SUBCLASS = /(?<![\w/-])class\s+([\w/]+)\s+definition\b[^.]*?\binheriting\s+from\s+([\w/]+)/gi;

/** The classes whose static asserts a file may call: the two of ABAP Unit and their local subclasses. */
function assertClasses(blanked: string): string[] {
  const classes = new Set(ASSERT_CLASSES);
  const subclasses = Array.from(blanked.matchAll(SUBCLASS), (m) => [m[1]!.toLowerCase(), m[2]!.toLowerCase()] as const);
  for (let grew = true; grew;) {
    grew = false;
    for (const [sub, sup] of subclasses) {
      if (classes.has(sup) && !classes.has(sub)) {
        classes.add(sub);
        grew = true;
      }
    }
  }
  return [...classes];
}

/** `methods` called through one of `classes` (cl_abap_unit_assert=>assert_equals), and unqualified in a subclass. */
function calls(classes: string[], methods: string): RegExp[] {
  const qualified = new RegExp(String.raw`(?<![\w/])(?:${classes.map(escapeRegExp).join('|')})\s*=>\s*(?:${methods})(?![\w/])`, 'gi');
  if (classes.length === ASSERT_CLASSES.length) return [qualified];
  // Not another object's method (lo_x->assert_ok( ), an interface's (if_x~fail( )) or a class's already counted (=>).
  return [qualified, new RegExp(String.raw`(?<![\w/>~=-])(?:me\s*->\s*)?(?:${methods})(?=\(|\s+exporting\b)`, 'gi')];
}

// Test doubles: cl_abap_testdouble=>verify_expectations( double ) fails the test on an unmet expectation.
const VERIFY = /(?<![\w/])cl_abap_testdouble\s*=>\s*verify_expectations(?![\w/])/gi;

const PRINTS = [
  // WRITE x. · WRITE: / a, b. — a statement; not `WRITE x TO y`, which formats into a variable.
  /write\b(?<=(?:^|\.)[ \t]*write)(?![^.]*\bto\b)/gim,
  /(?<![\w/])cl_demo_output\s*=>/gi,
  // The ADT console of if_oo_adt_classrun~main: out->write( … )
  /(?<![\w/>-])out\s*->\s*write\b/gi,
];

// METHODS adds FOR TESTING. · METHODS: adds FOR TESTING RAISING cx_static_check, helper.
const METHODS = /(?<![\w/-])methods\b\s*:?([^.]*)/gi;

/** The methods declared FOR TESTING, as written. */
export function findAbapTestTitles(blanked: string): string[] {
  const titles: string[] = [];
  for (const m of blanked.matchAll(METHODS)) {
    for (const part of m[1]!.split(',')) {
      const name = /^\s*([\w/]+)[\s\S]*\bfor\s+testing\b/i.exec(part);
      if (name) titles.push(name[1]!);
    }
  }
  return titles;
}

export const abapProfile: LanguageProfile = {
  id: 'abap',
  name: 'ABAP',
  extensions: ['.abap'],
  blank: (_path, text) => blankAbap(text),
  imports: () => [],
  assertions: (blanked) => matchOffsets(blanked, [...calls(assertClasses(blanked), ASSERTING), VERIFY]),
  prints: (blanked) => matchOffsets(blanked, PRINTS),
  markers: (blanked, text) =>
    matchMarkers(
      blanked,
      text,
      calls(assertClasses(blanked), SKIPPING).map((re): MarkerRule => ({ re, kind: 'skip' })),
    ),
  titles: (blanked) => findAbapTestTitles(blanked),
};

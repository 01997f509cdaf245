/**
 * JUnit XML as test runners write it: a small reader (elements, attributes, text, entities; no
 * DTDs or namespaces) and the testcases it holds. Every runner lays a failure out its own way
 * (trimmed from real reports):
 *
 *   vitest   <testcase classname="a.test.js" name="math &gt; adds">
 *              <failure message="add is not a function" type="TypeError">TypeError: add is not a function …
 *            a file that did not load is a testcase named by the file: name="b.test.js", <failure type="Error">
 *   mocha    <testcase classname="math" name="adds" file="/s/a.test.js"><failure>add is not a function
 *            TypeError: add is not a function …            (no attributes: the class is in the text)
 *   node     <failure type="testCodeFailure" message="add is not a function">Error [ERR_TEST_FAILURE]: …
 *              cause: TypeError [Error]: add is not a function …
 *   pytest   <failure message="assert 2 == 3">…   <error message="collection failure">… E   ModuleNotFoundError: …
 *   Surefire <failure type="org.opentest4j.AssertionFailedError" message="expected: &lt;3&gt; but was: &lt;2&gt;">
 */
import { firstLine } from './classify.js';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e] ?? m;
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

const TAG = /<(\/?)([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The document's top element, or undefined when the text is not well-formed (a truncated report). */
export function parseXml(text: string): XmlElement | undefined {
  const doc: XmlElement = { name: '', attrs: {}, children: [], text: '' };
  const stack = [doc];
  let i = 0;
  while (i < text.length) {
    const top = stack[stack.length - 1]!;
    const lt = text.indexOf('<', i);
    top.text += decode(text.slice(i, lt < 0 ? text.length : lt));
    if (lt < 0) break;
    const skip = [
      ['<?', '?>'],
      ['<!--', '-->'],
      ['<![CDATA[', ']]>'],
      ['<!', '>'],
    ].find(([open]) => text.startsWith(open!, lt));
    if (skip) {
      const end = text.indexOf(skip[1]!, lt);
      if (end < 0) return undefined;
      if (skip[0] === '<![CDATA[') top.text += text.slice(lt + 9, end);
      i = end + skip[1]!.length;
      continue;
    }
    TAG.lastIndex = lt;
    const m = TAG.exec(text);
    if (!m) return undefined;
    i = TAG.lastIndex;
    const [, closing, name, attrText, selfClosing] = m;
    if (closing) {
      if (stack.length < 2 || top.name !== name) return undefined;
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of attrText!.matchAll(ATTR)) attrs[a[1]!] = decode(a[2] ?? a[3] ?? '');
    const el: XmlElement = { name: name!, attrs, children: [], text: '' };
    top.children.push(el);
    if (!selfClosing) stack.push(el);
  }
  return stack.length === 1 ? doc.children[0] : undefined;
}

export interface JUnitOutcome {
  kind: 'failure' | 'error' | 'skipped';
  /** The `type` attribute ('' when absent). */
  type: string;
  /** The `message` attribute ('' when absent). */
  message: string;
  text: string;
}

export interface JUnitCase {
  name: string;
  /** '' when absent. */
  classname: string;
  /** The testcase's `file` attribute, else its testsuite's, as the runner wrote it (absolute or relative). */
  file: string | undefined;
  /** No outcome: the test passed. */
  outcome: JUnitOutcome | undefined;
}

/**
 * Every testcase of a report, nested suites included; an error when the text is not JUnit XML or
 * a testcase has no name (what an interrupted run can leave).
 */
export function readJUnit(text: string): { cases: JUnitCase[] } | { error: string } {
  const top = parseXml(text);
  if (!top || (top.name !== 'testsuites' && top.name !== 'testsuite')) return { error: 'is not JUnit XML' };
  const cases: JUnitCase[] = [];
  const visit = (el: XmlElement, file: string | undefined): boolean => {
    if (el.name === 'testsuites' || el.name === 'testsuite') return el.children.every((c) => visit(c, el.attrs.file ?? file));
    if (el.name !== 'testcase') return true;
    if (el.attrs.name === undefined) return false;
    // A failure or error wins over a skip written next to it.
    const child = el.children.find((c) => c.name === 'failure' || c.name === 'error') ?? el.children.find((c) => c.name === 'skipped');
    const outcome = child && { kind: child.name as JUnitOutcome['kind'], type: child.attrs.type ?? '', message: child.attrs.message ?? '', text: child.text };
    cases.push({ name: el.attrs.name, classname: el.attrs.classname ?? '', file: el.attrs.file ?? file, outcome });
    return true;
  };
  return visit(top, undefined) ? { cases } : { error: 'has a testcase without a name (an interrupted run?)' };
}

/**
 * `AssertionError [ERR_ASSERTION]: Expected …`, `cause: TypeError [Error]: add is not a function`
 * (node), `E   ModuleNotFoundError: No module named 'x'` (pytest), `java.lang.IllegalStateException: x`,
 * `RSpec::Expectations::ExpectationNotMetError`, `Error: boom`: a class name ending the way exception classes do.
 */
const ERROR_LINE =
  /^\s*(cause:\s+|E\s+)?((?:[A-Za-z_][\w$]*(?:\.|::|\\))*[A-Z][\w$]*(?:Error|Exception|Failure|Assertion)|Error|Exception)(?: \[([\w$]+)\])?(?:: (.*)|:?\s*$)/;

/** Types that say nothing of the cause: vitest's `Error` for a file that did not load, node's wrapper. */
export const GENERIC_TYPE = /^(?:|Error|testCodeFailure|hookFailure)$/;

export interface Thrown {
  /** The exception class, when the report tells it. */
  type: string | undefined;
  /** Its message without the class, first line. */
  message: string;
}

/**
 * What a failure threw: the `type` attribute unless it is generic, else the class of the first
 * exception line of the message or text (node's `cause:` first, past its ERR_TEST_FAILURE wrapper).
 */
export function exceptionOf(o: JUnitOutcome): Thrown {
  const lines = `${o.message}\n${o.text}`.split('\n');
  const found = lines.map((l) => ERROR_LINE.exec(l)).filter((m): m is RegExpExecArray => m !== null && m[3] !== 'ERR_TEST_FAILURE');
  const line = found.find((m) => m[1]?.startsWith('cause:')) ?? found[0];
  const type = GENERIC_TYPE.test(o.type) ? (line?.[2] ?? (o.type || undefined)) : o.type;
  const message = line ? (line[4] ?? '').trim() : firstLine(o.message) || firstLine(o.text);
  return { type, message: message.slice(0, 300) };
}

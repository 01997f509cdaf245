import type { Call } from './calls.js';

/**
 * The `assertFunctionNames` configuration: calls that count as assertions besides the built-in
 * ones, named as eslint-plugin-jest's `expect-expect` rule names them. A pattern is a dotted
 * chain; `*` matches one segment or part of one, `**` any number of segments (none too), and a
 * pattern matches a call whose name starts with it: "request.**.expect" matches
 * `request(app).get('/').expect(200)`, "ruleTester.run" matches `ruleTester.run(…)`. A trailing
 * `!` names a Rust macro ("eqnice!"); `::` reads as `.`. Case-insensitive, as in expect-expect.
 */

/** What a pattern must look like (config/validate and schema/tddrc.schema.json say the same). */
export const ASSERT_NAME_PATTERN = /^(?:\*\*|[\w$*]+)(?:(?:\.|::)(?:\*\*|[\w$*]+))*!?$/;

function segmentSource(segment: string): string {
  if (segment === '**') return '';
  return segment.replace(/[$]/g, '\\$').replace(/\*/g, '[\\w$]*');
}

/** One RegExp for all patterns, or undefined when there are none. */
export function compileAssertNames(patterns: readonly string[]): RegExp | undefined {
  const sources = patterns
    .filter((p) => ASSERT_NAME_PATTERN.test(p))
    .map((p) => {
      const macro = p.endsWith('!');
      const segments = (macro ? p.slice(0, -1) : p).split(/\.|::/);
      // A trailing `**` adds nothing: a pattern already matches the start of a name.
      while (segments.length > 1 && segments.at(-1) === '**') segments.pop();
      const source = segments
        .map((segment, k) => (segment === '**' ? '(?:[\\w$]+\\.)*' : segmentSource(segment) + (k < segments.length - 1 ? '\\.' : '')))
        .join('');
      return macro ? `^${source}!$` : `^${source}(?:\\.|$)`;
    });
  return sources.length === 0 ? undefined : new RegExp(sources.join('|'), 'i');
}

/** The calls `re` names (see compileAssertNames). */
export function matchAssertNames(calls: readonly Call[], re: RegExp | undefined): Call[] {
  return re === undefined ? [] : calls.filter((c) => re.test(c.name));
}

/**
 * RSpec's JSON report, from literal inputs: a NameError/NoMethodError whose receiver is the example
 * (Ruby's words before and since 3.3) is the test's own mistake; one on the project's object is its
 * next symbol. The real rspec runs are in test/integration/runners/rspec.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseRspecReport } from '../../../src/runners/rspec.js';

const F = 'spec/calc_spec.rb';
const failing = (cls: string, message: string) =>
  JSON.stringify({ examples: [{ full_description: 'Calc adds', status: 'failed', file_path: `./${F}`, exception: { class: cls, message } }] });
const failureOf = (cls: string, message: string) =>
  parseRspecReport({ report: failing(cls, message), exitCode: 1, stdout: '', stderr: '', files: [F], root: '/r', sources: new Map() }).tests[0]?.failure;

describe('parseRspecReport: whose symbol is missing', () => {
  it.each([
    ['NoMethodError', `undefined method \`add_with_calc' for #<RSpec::ExampleGroups::Calc "adds" (./spec/calc_spec.rb:4)>`],
    ['NameError', `undefined local variable or method \`calc' for #<RSpec::ExampleGroups::Calc::Nested "adds" (./spec/calc_spec.rb:9)>`],
    ['NoMethodError', "undefined method 'asert' for an instance of RSpec::ExampleGroups::Calc"],
  ])('%s on the example itself is an exception: %s', (cls, message) => {
    expect(failureOf(cls, message)).toBe('exception');
  });

  it.each([
    ['NoMethodError', "undefined method `subtract' for Calc:Module"],
    ['NoMethodError', "undefined method 'subtract' for an instance of Calc"],
    ['NameError', 'uninitialized constant Circle'],
  ])("%s on the project's code is its next symbol: %s", (cls, message) => {
    expect(failureOf(cls, message)).toBe('missing-symbol');
  });
});

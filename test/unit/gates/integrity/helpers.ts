import { DEFAULTS } from '../../../../src/config/schema.js';
import { evaluateIntegrity, type ImplSource, type IntegrityInput } from '../../../../src/gates/integrity/index.js';
import { blank, languageOf } from '../../../../src/lang/index.js';
import { makeClassifier } from '../../../../src/snapshot/classify.js';

const classify = makeClassifier({ ...DEFAULTS, tests: [...DEFAULTS.tests, '**/test_*.py', '**/*_test.py', '**/*_test.go', '**/*_spec.rb', 'tests/*.rs'] });

export function sourceOf(path: string, now: string, before?: string): ImplSource {
  const language = languageOf(path)!;
  const text = (t: string) => ({ text: t, blanked: blank(path, t) });
  return before === undefined ? { language, now: text(now) } : { language, now: text(now), before: text(before) };
}

export function inputOf(files: Record<string, string | [now: string, before: string]>, allow?: Record<string, string[]>): IntegrityInput {
  const sources = new Map(Object.entries(files).map(([p, t]) => [p, Array.isArray(t) ? sourceOf(p, t[0], t[1]) : sourceOf(p, t)]));
  return { sources, kindOf: (p) => classify(p), ...(allow ? { allow } : {}) };
}

/** The codes the rules find in one file. */
export function codesOf(path: string, text: string, before?: string): string[] {
  return evaluateIntegrity(inputOf({ [path]: before === undefined ? text : [text, before] })).map((f) => f.code);
}

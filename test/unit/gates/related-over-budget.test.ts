import { describe, expect, it } from 'vitest';
import { evaluateRelatedOverBudget } from '../../../src/gates/related-over-budget.js';
import { verdictOf } from '../../../src/gates/verdict.js';
import { validateConfig } from '../../../src/config/validate.js';
import { formatFinding } from '../../../src/report/messages.js';
import type { Finding } from '../../../src/types.js';

describe('REFACTOR’s related set past relatedFileLimit', () => {
  it('is a could-not-verify (exit 3) that carries the count, the limit and how the set was chosen; within the budget, nothing', () => {
    const findings = evaluateRelatedOverBudget({ overBudget: { count: 240, limit: 200, by: 'import graph' } });
    expect(findings).toEqual([{ code: 'RELATED_OVER_BUDGET', severity: 'error', data: { count: 240, limit: 200, by: 'import graph' } }]);
    expect(verdictOf(findings)).toBe(3);
    expect(verdictOf([...findings, { code: 'GREEN_TESTS_FAIL', severity: 'error' } as never])).toBe(1);
    expect(evaluateRelatedOverBudget({})).toEqual([]);
  });

  it('relatedFileLimit: a whole number of files, 200 when absent; anything else names the key', () => {
    expect(validateConfig({}, '.tddrc.json').config.relatedFileLimit).toBe(200);
    expect(validateConfig({ relatedFileLimit: 0 }, '.tddrc.json')).toMatchObject({ problems: [], config: { relatedFileLimit: 0 } });
    for (const bad of [-1, 2.5, '100', null])
      expect(validateConfig({ relatedFileLimit: bad }, '.tddrc.json').problems.map((p) => p.key)).toEqual(['relatedFileLimit']);
  });
});

describe('a failure of the environment, not the code', () => {
  it('a missing third-party module in GREEN, and a test failing for want of a browser, point to falseFailPatterns; a plain failure does not', () => {
    const next = (f: object) => formatFinding(f as Finding).next ?? '';
    expect(
      next({ code: 'GREEN_FILE_ERROR', severity: 'error', path: 't.test.js', data: { kind: 'missing-module', message: "Cannot find package 'sharp'" } }),
    ).toContain('falseFailPatterns');
    const browser = "browserType.launch: Executable doesn't exist at /root/.cache/ms-playwright/chromium-1091/chrome-linux/chrome";
    expect(next({ code: 'GREEN_TESTS_FAIL', severity: 'error', path: 't.test.js', data: { test: 'x', kind: 'exception', message: browser } })).toContain(
      'falseFailPatterns',
    );
    expect(
      next({ code: 'GREEN_TESTS_FAIL', severity: 'error', path: 't.test.js', data: { test: 'x', kind: 'assertion', message: 'expected 3 to be 4' } }),
    ).not.toContain('falseFailPatterns');
    expect(next({ code: 'GREEN_FILE_ERROR', severity: 'error', path: 't.test.js', data: { kind: 'syntax', message: 'Unexpected token' } })).not.toContain(
      'falseFailPatterns',
    );
  });
});

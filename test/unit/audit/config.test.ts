/** The rules at a commit, from its configuration files' contents (the pure twin of config/load). */
import { describe, expect, it } from 'vitest';
import { testSettingsOf } from '../../../src/audit/facts.js';
import { parseRules } from '../../../src/audit/config.js';
import { AUDIT_DEFAULTS } from '../../../src/audit/types.js';
import { testSettingsOf as hookTestSettingsOf } from '../../../src/verify/pre-commit.js';

const rules = (json: string | null, rc: string | null = null, pkg: string | null = null, detectFrom: string | null = pkg) => parseRules({ files: [json, rc, pkg], detectFrom });

describe('parseRules', () => {
  it('defaults when there is no file; the runner detected from package.json', () => {
    expect(rules(null)).toMatchObject({ rules: { source: 'defaults', config: { runner: 'node' }, audit: AUDIT_DEFAULTS } });
    expect(rules(null, null, '{"devDependencies":{"vitest":"4"}}')).toMatchObject({ rules: { config: { runner: 'vitest' } } });
  });

  it('.tddrc.json before .tddrc before package.json#tdd', () => {
    expect(rules('{"runner":"node"}', '{"runner":"vitest"}')).toMatchObject({ rules: { source: '.tddrc.json' } });
    expect(rules(null, '{"runner":"vitest"}')).toMatchObject({ rules: { source: '.tddrc', config: { runner: 'vitest' } } });
    expect(rules(null, null, '{"tdd":{"refactorRuns":"full"}}')).toMatchObject({ rules: { source: 'package.json#tdd', config: { refactorRuns: 'full' } } });
  });

  it('an explicit runner wins over detection', () => {
    expect(rules('{"runner":"node"}', null, null, '{"devDependencies":{"vitest":"4"}}')).toMatchObject({ rules: { config: { runner: 'node' } } });
  });

  it('reads the audit options, and reports what is wrong with them', () => {
    expect(rules('{"audit":{"failOnOff":true}}')).toMatchObject({ rules: { audit: { ...AUDIT_DEFAULTS, failOnOff: true } } });
    expect(rules('{"audit":{"failOnOf":true,"failOnRegression":"yes"}}')).toMatchObject({
      problems: [
        { file: '.tddrc.json', key: 'audit.failOnOf' },
        { file: '.tddrc.json', key: 'audit.failOnRegression', expected: 'true or false' },
      ],
    });
    expect(rules('{"audit":[]}')).toMatchObject({ problems: [{ key: 'audit', expected: 'an object' }] });
  });

  it('malformed files are problems naming the file and the key', () => {
    expect(rules('{ nope')).toMatchObject({ problems: [{ file: '.tddrc.json', key: '(file)' }] });
    expect(rules('{"runner":"rspec"}')).toMatchObject({ problems: [{ file: '.tddrc.json', key: 'runner' }] });
    // An unparsable package.json only matters when the configuration would come from it.
    expect(rules('{}', null, '{ nope')).toMatchObject({ rules: { source: '.tddrc.json' } });
  });
});

describe('testSettingsOf', () => {
  it.each([
    null,
    '{"scripts":{"test":"vitest","build":"tsc"},"vitest":{"a":1}}',
    '{"scripts":{"test:unit":"x","pretest":"y"},"jest":{}}',
    '{ not json',
    '{"name":"p"}',
  ])('is the hook’s, for %s', (text) => {
    expect(testSettingsOf(text)).toBe(hookTestSettingsOf(text === null ? null : Buffer.from(text)));
  });
});

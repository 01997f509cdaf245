import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, RUNNERS } from '../../../src/config/schema.js';
import { validateConfig } from '../../../src/config/validate.js';
import { ASSERT_NAME_PATTERN } from '../../../src/lang/scan/assert-names.js';
import { PROJECT_ROOT } from '../../helpers/repo.js';

const read = (p: string) => JSON.parse(readFileSync(join(PROJECT_ROOT, p), 'utf8')) as Record<string, unknown>;

describe('the shipped example and schema mirror the defaults', () => {
  it('.tddrc.example.json shows every key with its default, and validates', () => {
    const { $schema, ...example } = read('.tddrc.example.json');
    expect($schema).toBe('./schema/tddrc.schema.json');
    expect(example).toEqual(DEFAULTS);
    expect(validateConfig(read('.tddrc.example.json'), '.tddrc.example.json').problems).toEqual([]);
  });
  it('schema/tddrc.schema.json knows the same keys and defaults', () => {
    const props = read('schema/tddrc.schema.json').properties as Record<string, { default?: unknown; enum?: unknown }>;
    for (const [key, value] of Object.entries(DEFAULTS)) expect(props[key]?.default, key).toEqual(value);
    expect(props.runner?.enum).toEqual([...RUNNERS]);
  });
});

describe('assertFunctionNames', () => {
  it('the schema and the validator accept the same call names', () => {
    const props = read('schema/tddrc.schema.json').properties as Record<string, { items?: { pattern?: string } }>;
    expect(props.assertFunctionNames?.items?.pattern).toBe(ASSERT_NAME_PATTERN.source);
  });
  it.each([
    [['ruleTester.run', 'request.**.expect', 'eqnice!', 'verify*', 'insta::assert_snapshot!'], []],
    [['ruleTester.run('], ['assertFunctionNames']],
    [['a b'], ['assertFunctionNames']],
    ['runFormatTest', ['assertFunctionNames']],
    [[''], ['assertFunctionNames']],
  ])('%j → problems at %j', (value, keys) => {
    expect(validateConfig({ assertFunctionNames: value }, '.tddrc.json').problems.map((p) => p.key)).toEqual(keys);
  });
});

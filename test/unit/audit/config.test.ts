/** The rules at a commit, from its configuration files' contents (the pure twin of config/load). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasTestSettings, testSettingsOf } from '../../../src/config/test-settings.js';
import { parseRules } from '../../../src/audit/config.js';
import { AUDIT_DEFAULTS } from '../../../src/audit/types.js';
import type { HistoryCommit } from '../../../src/audit/history.js';
import { noConfiguration, packageShape, resolveRules, trackConfigOids } from '../../../src/audit/ruling.js';

const rules = (json: string | null, rc: string | null = null, pkg: string | null = null, detectFrom: string | null = pkg) =>
  parseRules({ files: [json, rc, pkg], detectFrom });

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
    expect(rules('{"runner":"karma"}')).toMatchObject({ problems: [{ file: '.tddrc.json', key: 'runner' }] });
    // An unparsable package.json only matters when the configuration would come from it.
    expect(rules('{}', null, '{ nope')).toMatchObject({ rules: { source: '.tddrc.json' } });
  });
});

describe('testSettingsOf (config/test-settings: the hook and the audit read manifests alike)', () => {
  it.each([
    [
      'package.json',
      '{"scripts":{"test":"vitest","build":"tsc"},"vitest":{"a":1}}',
      '{"scripts":{"test":"vitest","build":"tsc --watch"},"vitest":{"a":1}}',
      false,
    ],
    ['package.json', '{"scripts":{"test:unit":"x","pretest":"y"},"jest":{}}', '{"scripts":{"test:unit":"x -u","pretest":"y"},"jest":{}}', true],
    ['package.json', '{ not json', '{ not json ', true],
    [
      'api/pyproject.toml',
      '[project]\nname = "a"\n[tool.pytest.ini_options]\naddopts = "-q"\n',
      '[project]\nname = "b"\n\n[tool.pytest.ini_options]\naddopts = "-q"  \n',
      false,
    ],
    ['pyproject.toml', '[tool.pytest.ini_options]\naddopts = "-q"\n', '[tool.pytest.ini_options]\naddopts = "-q --deselect t.py::x"\n', true],
    ['pyproject.toml', '[tool.coverage.run]\nbranch = true\n', '[tool.coverage.run]\nbranch = false\n', true],
    [
      'setup.cfg',
      '[metadata]\nname = a\n[tool:pytest]\nfilterwarnings = error\n',
      '[metadata]\nname = b\r\n[tool:pytest]\r\nfilterwarnings = error\r\n',
      false,
    ],
    ['setup.cfg', '[tool:pytest]\n', '[tool:pytest]\naddopts = -k "not slow"\n', true],
    [
      'Cargo.toml',
      '[package]\nname = "m"\nversion = "0.1.0"\n[[test]]\nname = "math"\n',
      '[package]\nname = "m"\nversion = "0.2.0"\n[[test]]\nname = "math"\n',
      false,
    ],
    ['Cargo.toml', '[[test]]\nname = "math"\n', '[[test]]\nname = "math"\nharness = false\n', true],
    // A workspace's members decide which files are tests; its shared dependencies do not.
    ['Cargo.toml', '[workspace]\nmembers = ["crates/*"]\n', '[workspace]\nmembers = ["crates/a"]\n', true],
    [
      'Cargo.toml',
      '[workspace]\nmembers = ["crates/*"]\n[workspace.dependencies]\nserde = "1"\n',
      '[workspace]\nmembers = ["crates/*"]\n[workspace.dependencies]\nserde = "2"\n',
      false,
    ],
    ['go.mod', 'module a\n', 'module b\n', false],
  ])('%s: %j → %j changes the test settings: %s', (path, before, after, changed) => {
    expect(hasTestSettings(path) ? testSettingsOf(path, before) !== testSettingsOf(path, after) : false).toBe(changed);
  });
  it('an added manifest with test settings changes them', () => {
    expect(testSettingsOf('pyproject.toml', null)).not.toBe(testSettingsOf('pyproject.toml', '[tool.pytest]\nx = 1\n'));
  });
});

describe('resolveRules over a long history', () => {
  const pkg = (version: string, dev: Record<string, string>) => JSON.stringify({ name: 'p', version, scripts: { test: 'vitest run' }, devDependencies: dev });
  const commit = (sha: string, parent: string | null, pkgOid: string): HistoryCommit => ({
    sha,
    parents: parent ? [parent] : [],
    time: 0,
    subject: sha,
    trailers: { commit: sha, regression: false },
    trailerText: '',
    changes: [{ path: 'package.json', status: parent ? 'M' : 'A', oldMode: '100644', newMode: '100644', oldBlob: 'o', newBlob: pkgOid }],
  });

  it('package.json releases and dependency bumps share one set of rules (one object: one classifier); a change of what the rules read does not', () => {
    const texts = new Map([
      ['p1', pkg('1.0.0', { vitest: '^1.0.0' })],
      ['p2', pkg('1.0.1', { vitest: '^2.0.0' })],
      ['p3', pkg('1.0.2', { vitest: '^2.0.0', jest: '^29' }).replace('vitest run', 'jest')],
      ['p4', '{ not json'],
    ]);
    const history = [commit('a', null, 'p1'), commit('b', 'a', 'p2'), commit('c', 'b', 'p3'), commit('d', 'c', 'p4')];
    const oidsAt = trackConfigOids(history, new Map());
    const { rulesOf } = resolveRules({ commits: history, oidsAt, outside: new Map(), texts });
    expect(rulesOf.get('a')).toBe(rulesOf.get('b'));
    expect(rulesOf.get('a')!.config.runner).toBe('vitest');
    expect(rulesOf.get('c')!.config.runner).toBe('jest');
    expect(rulesOf.get('d')!.config.runner).toBe('node');
  });

  it('packageShape: without the version and the dependencies’ ranges; anything not a JSON object is read as it is', () => {
    expect(JSON.parse(packageShape(pkg('3.1.4', { vitest: '^1', a: '2' }))!)).toEqual({
      name: 'p',
      scripts: { test: 'vitest run' },
      devDependencies: { vitest: '', a: '' },
    });
    expect(packageShape(pkg('1.0.0', { vitest: '^1' }))).toBe(packageShape(pkg('9.9.9', { vitest: '^4' })));
    const withScripts = (s: Record<string, string>) => JSON.parse(packageShape(JSON.stringify({ scripts: s }))!);
    expect(withScripts({ build: 'tsc', test: 'vitest run', 'test:unit': 'vitest', pretest: 'lint', lint: 'eslint .' })).toEqual({
      scripts: { test: 'vitest run', 'test:unit': 'vitest', pretest: 'lint' },
    });
    for (const t of ['{ no', '[1]', 'null', '"s"']) expect(packageShape(t)).toBeUndefined();
  });
});

describe('noConfiguration (a range that brings no configuration is not resolved commit by commit)', () => {
  const none = (lists: (string | null)[][], texts: Record<string, string>) => noConfiguration(lists, new Map(Object.entries(texts)));

  it('no .tddrc.json, no .tddrc, no package.json "tdd" key; an unread package.json counts as one', () => {
    expect(none([[null, null, null]], {})).toBe(true);
    expect(none([[null, null, 'p']], { p: '{"name":"p","scripts":{"tdd":"x"},"devDependencies":{"tdd-hooks":"1"}}' })).toBe(true);
    expect(
      none(
        [
          [null, null, 'p'],
          ['r', null, 'p'],
        ],
        { p: '{}', r: '{}' },
      ),
    ).toBe(false);
    expect(none([[null, 'r', null]], { r: 'not json' })).toBe(false);
    expect(none([[null, null, 'p']], { p: '{"tdd":{}}' })).toBe(false);
    expect(none([[null, null, 'p']], { p: '{"\\u0074dd":{"runner":"node"}}' })).toBe(false);
    expect(none([[null, null, 'p']], { p: '{"tdd":null}' })).toBe(false);
    expect(none([[null, null, 'q']], { p: '{}' })).toBe(false);
  });

  it('whenever it says none, the rules of every such package.json are the defaults (as parseRules reads them)', () => {
    const key = fc.constantFrom('tdd', 'TDD', 'tdd ', 'name', 'scripts', 'tdd-hooks', '\u0074dd');
    const value = fc.oneof(fc.constant(null), fc.constant({}), fc.constant({ runner: 'node' }), fc.string(), fc.integer());
    const object = fc.dictionary(key, value, { maxKeys: 4 });
    const text = fc.oneof(
      object.map((o) => JSON.stringify(o)),
      // a key written with escapes, spaces, or no JSON at all
      object.map((o) => JSON.stringify(o).replace(/"tdd"/g, '"\\u0074\\u0064d"')),
      object.map((o) => JSON.stringify(o, null, 2)),
      fc.constantFrom('{ broken "tdd": {}', '["tdd"]', '"tdd"', ''),
    );
    fc.assert(
      fc.property(text, (t) => {
        const saysNone = none([[null, null, 'p']], { p: t });
        const parsed = parseRules({ files: [null, null, t], detectFrom: null });
        if (saysNone) expect('rules' in parsed && parsed.rules.source).toBe('defaults');
        // and it says so for every package.json that has no "tdd" key
        let object: unknown;
        try {
          object = JSON.parse(t);
        } catch {
          object = undefined;
        }
        const hasKey = Boolean(object) && typeof object === 'object' && !Array.isArray(object) && 'tdd' in (object as object);
        expect(saysNone).toBe(!hasKey);
      }),
      { numRuns: 1000 },
    );
  });
});

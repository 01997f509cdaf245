/** The project's build, editor, lint and formatter configuration is a kind of its own: not implementation, allowed in any phase. */
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../src/config/schema.js';
import { makeClassifier } from '../../../src/snapshot/classify.js';
import { isSetupPath } from '../../../src/snapshot/kinds.js';
import { evaluateRedScope } from '../../../src/gates/red-scope.js';
import type { StagedEntry } from '../../../src/types.js';

const classify = makeClassifier(DEFAULTS);

describe('the config kind', () => {
  it.each([
    ['tsconfig.json', 'config'],
    ['packages/app/tsconfig.build.json', 'config'],
    ['jsconfig.json', 'config'],
    ['.eslintrc.cjs', 'config'],
    ['eslint.config.mjs', 'config'],
    ['.prettierrc', 'config'],
    ['prettier.config.js', 'config'],
    ['biome.json', 'config'],
    ['ruff.toml', 'config'],
    ['.flake8', 'config'],
    ['rustfmt.toml', 'config'],
    ['.golangci.yml', 'config'],
    // PHP's tool configurations, in PHP (`->in(__DIR__.'/tests')` names the folder for the tool)
    ['.php-cs-fixer.php', 'config'],
    ['.php-cs-fixer.dist.php', 'config'],
    ['.php_cs.dist', 'config'],
    ['ecs.php', 'config'],
    ['rector.php', 'config'],
    ['phpcs.xml.dist', 'config'],
    ['phpstan.neon', 'config'],
    ['psalm.xml', 'config'],
    ['src/rector.php.dist', 'impl'],
    ['src/Ecs.php', 'impl'],
    // ignored by the defaults already: stays ignored
    ['.editorconfig', 'ignored'],
    // a changelog without an extension (click's CHANGES until it became CHANGES.rst), and reStructuredText
    ['CHANGES', 'ignored'],
    ['CHANGES.rst', 'ignored'],
    ['NEWS', 'ignored'],
    ['src/pkg/README.rst', 'ignored'],
    ['src/NEWS.py', 'impl'],
    // the runner's own test configuration stays test support
    ['vitest.config.ts', 'support'],
    ['jest.config.js', 'support'],
    ['pytest.ini', 'support'],
    ['tox.ini', 'support'],
    // names that only look alike are implementation
    ['src/tsconfig.ts', 'impl'],
    ['sconfig.json', 'impl'],
    ['src/config.json', 'impl'],
    ['package.json', 'manifest'],
  ])('%s is %s', (path, kind) => {
    expect(classify(path)).toBe(kind);
  });

  it('may be staged in RED, and belongs to a setup commit', () => {
    const entry: StagedEntry = {
      path: 'tsconfig.json',
      status: 'M',
      oldMode: '100644',
      newMode: '100644',
      oldBlob: 'a'.repeat(40),
      newBlob: 'b'.repeat(40),
      kind: 'config',
    };
    const test: StagedEntry = { ...entry, path: 'a.test.ts', status: 'A', kind: 'test' };
    expect(evaluateRedScope({ phase: 'red', regression: false, entries: [entry, test] }).map((f) => f.code)).toEqual([]);
    expect(isSetupPath(entry)).toBe(true);
  });
});

/**
 * A Composer project through real `git commit` with the installed hooks and the real PHPUnit: its
 * vendor/ (ignored, as Composer leaves it: `autoload.php`, `composer/` with the generated PSR-4 map
 * that finds the project by `__DIR__`, `bin/phpunit`) is linked into the private copy, and its
 * autoloader must load the copy's src/, never the work tree's. The trap: a broken implementation
 * staged while the work tree holds the right one. With Composer's files linked, PHP follows
 * `__DIR__` through the link to the work tree and the tests would pass on what nobody commits.
 * This machine has no Composer: vendor/ is written here in the layout Composer 2 generates (trimmed
 * to the PSR-4 map), and vendor/bin/phpunit is the installed PHPUnit, linked as Composer links it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

const VENDOR = {
  'vendor/autoload.php': "<?php\n\nrequire_once __DIR__ . '/composer/autoload_real.php';\n\nreturn ComposerAutoloaderInitDemo::getLoader();\n",
  'vendor/composer/autoload_psr4.php':
    "<?php\n\n$vendorDir = dirname(__DIR__);\n$baseDir = dirname($vendorDir);\n\nreturn array(\n    'Demo\\\\' => array($baseDir . '/src'),\n);\n",
  'vendor/composer/autoload_real.php': [
    '<?php',
    '',
    'class ComposerAutoloaderInitDemo',
    '{',
    '    public static function getLoader(): bool',
    '    {',
    "        $map = require __DIR__ . '/autoload_psr4.php';",
    '        spl_autoload_register(static function (string $class) use ($map): void {',
    '            foreach ($map as $prefix => $dirs) {',
    '                if (strncmp($class, $prefix, strlen($prefix)) !== 0) {',
    '                    continue;',
    '                }',
    '                foreach ($dirs as $dir) {',
    "                    $file = $dir . '/' . str_replace('\\\\', '/', substr($class, strlen($prefix))) . '.php';",
    '                    if (is_file($file)) {',
    '                        require $file;',
    '                        return;',
    '                    }',
    '                }',
    '            }',
    '        });',
    '        return true;',
    '    }',
    '}',
    '',
  ].join('\n'),
};

const TEST =
  '<?php\n\nuse Demo\\Calc;\nuse PHPUnit\\Framework\\TestCase;\n\nfinal class CalcTest extends TestCase\n{\n    public function testAdds(): void\n    {\n        $this->assertSame(5, Calc::add(2, 3));\n    }\n}\n';
const calc = (op: string) =>
  `<?php\n\nnamespace Demo;\n\nfinal class Calc\n{\n    public static function add(int $a, int $b): int\n    {\n        return $a ${op} $b;\n    }\n}\n`;

let repo: Repo;
beforeAll(() => {
  repo = makeRepo({
    'composer.json': '{\n  "autoload": { "psr-4": { "Demo\\\\": "src/" } },\n  "require-dev": { "phpunit/phpunit": "^9.6" }\n}\n',
    'phpunit.xml':
      '<?xml version="1.0"?>\n<phpunit bootstrap="vendor/autoload.php">\n  <testsuites>\n    <testsuite name="unit"><directory>tests</directory></testsuite>\n  </testsuites>\n</phpunit>\n',
    '.gitignore': 'vendor/\n',
    ...VENDOR,
  });
  const phpunit = realpathSync(spawnSync('sh', ['-c', 'command -v phpunit'], { encoding: 'utf8' }).stdout.trim());
  mkdirSync(join(repo.dir, 'vendor', 'bin'));
  symlinkSync(phpunit, join(repo.dir, 'vendor', 'bin', 'phpunit'));
});
afterAll(() => repo.cleanup());

describe('a Composer project, through git commit', () => {
  it("links vendor/ into the copy with Composer's own files copied: the tests load the staged src/, never the work tree's", () => {
    const r = repo;
    expect(r.tdd('install').status).toBe(0);
    const config = JSON.parse(r.read('.tddrc.json')) as { runner: string; isolation?: { link: string[] } };
    expect([config.runner, config.isolation?.link]).toEqual(['phpunit', ['node_modules', 'vendor']]);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    r.tdd('phase', 'red');

    // RED: Demo\Calc is the project's (composer.json's PSR-4 namespace) and not written yet.
    r.write({ 'tests/CalcTest.php': TEST });
    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('red');

    // The trap: the broken implementation staged, the right one in the work tree.
    r.write({ 'src/Calc.php': calc('-') });
    r.git('add', '-A');
    r.write({ 'src/Calc.php': calc('+') });
    attemptCommit(r, 1, 'GREEN_TESTS_FAIL');

    r.git('add', '-A');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Evidence']).toMatch(/^phpunit: 1 passed, 0 failed/);
    // The runs wrote nothing into the checkout: only the ignored vendor/ the test wrote is there.
    expect(r.git('status', '--porcelain', '--ignored')).toBe('!! vendor/\n');
  });
});

/**
 * A GREEN whose implementation rewrites the runner's report after the runner wrote it: the report's
 * path is on the runner's command line (/proc/self/cmdline), and an exit handler in the same
 * process (Python atexit, Ruby at_exit, PHP register_shutdown_function, node's process 'exit')
 * turns the failures the runner reported into passes. The report was sealed (its SHA-256 on
 * stderr, runners/seal.ts) before any exit handler ran: the rewritten one no longer matches, and the
 * run cannot be verified (RUN_UNVERIFIED, the hook exits 3). The forgers spell the report's flag so that no static rule reads it: the seal
 * alone refuses them. One repository per runner family, through real `git commit`.
 *
 * vitest, jest and node --test run the project's code in other processes than the one that writes
 * the report: there a process the test leaves behind (vitest, jest: it freezes the runner at each
 * change of the report) or the test's own process (node --test: a rename over the path) does it.
 * Before their seal, each of those wrong implementations committed GREEN.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit } from '../helpers/cycle.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';

interface Family {
  runner: string;
  skeleton: Record<string, string>;
  node?: boolean;
  testPath: string;
  test: string;
  /** A wrong implementation that rewrites the report at exit. */
  forged: Record<string, string>;
}

/**
 * vitest: a wrong implementation (`add` returns 0) that, when a test loads it, leaves a detached
 * process behind (its own session: the group kill after the runner's exit misses it). It finds
 * vitest's command line in /proc (the worker's parent), watches the report's folder, freezes vitest
 * (SIGSTOP) at each change, and once the report is whole rewrites every failure into a pass and
 * lets vitest go on to exit: we read the rewritten report. The test waits until it watches.
 */
const VITEST_FORGER = [
  "import { spawn } from 'node:child_process';",
  "import { readFileSync } from 'node:fs';",
  '',
  "const flag = 'outputFile' + '.json=';",
  'for (const pid of [process.ppid, process.pid]) {',
  "  const arg = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\\0').find((a) => a.includes(flag));",
  '  if (!arg) continue;',
  '  const child = `',
  "    const fs = require('node:fs');",
  "    const path = require('node:path');",
  '    const [file, pid] = [process.argv[1], Number(process.argv[2])];',
  '    const check = () => {',
  "      try { process.kill(pid, 'SIGSTOP'); } catch {}",
  '      let r;',
  "      try { r = JSON.parse(fs.readFileSync(file, 'utf8')); } catch {}",
  '      if (r) {',
  "        for (const f of r.testResults) { f.status = 'passed'; for (const a of f.assertionResults) { a.status = 'passed'; a.failureMessages = []; } }",
  '        fs.writeFileSync(file, JSON.stringify({ ...r, numFailedTests: 0, numFailedTestSuites: 0, success: true }));',
  '      }',
  "      try { process.kill(pid, 'SIGCONT'); } catch {}",
  '      if (r) process.exit(0);',
  '    };',
  '    fs.watch(path.dirname(file), check);',
  "    process.stdout.write('ready');",
  '  `;',
  '  const file = arg.slice(arg.indexOf(flag) + flag.length);',
  "  const c = spawn(process.execPath, ['-e', child, file, String(pid)], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });",
  "  await new Promise((ready) => c.stdout.once('data', ready));",
  '  c.stdout.destroy();',
  '  c.unref();',
  '  break;',
  '}',
  '',
  'export const add = () => 0;',
  '',
].join('\n');

/**
 * node --test: the test's own process (node's child) finds the report's path on its parent's
 * command line and puts a report of passes there in its place (a rename: node goes on writing
 * the real one into a file that no longer has a name).
 */
const NODE_FORGER = [
  "import { readFileSync, renameSync, writeFileSync } from 'node:fs';",
  '',
  "const flag = 'reporter-' + 'destination=/';",
  "const arg = readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').split('\\0').find((a) => a.includes(flag));",
  "const file = arg.slice(arg.indexOf('=') + 1);",
  'const test = process.argv[1];',
  'const lines = [',
  "  { t: 'start', file: test, name: 'adds', nesting: 0 },",
  "  { t: 'pass', file: test, name: 'adds', nesting: 0 },",
  "  { t: 'file', file: test, passed: true, exitCode: null },",
  "  { t: 'end' },",
  '];',
  "writeFileSync(`${file}.next`, lines.map((l) => `${JSON.stringify(l)}\\n`).join(''));",
  'renameSync(`${file}.next`, file);',
  '',
  'export const add = () => 0;',
  '',
].join('\n');

/** jest's rewriter: freezes jest (argv[2]) at each change of its report (argv[1]), rewrites it once whole. */
const JEST_CHILD = [
  "const fs = require('node:fs');",
  "const path = require('node:path');",
  'const [file, pid, ready] = [process.argv[1], Number(process.argv[2]), process.argv[3]];',
  'fs.watch(path.dirname(file), () => {',
  "  try { process.kill(pid, 'SIGSTOP'); } catch {}",
  '  let r;',
  "  try { r = JSON.parse(fs.readFileSync(file, 'utf8')); } catch {}",
  '  if (r) {',
  "    for (const f of r.testResults) { f.status = 'passed'; f.message = ''; for (const a of f.assertionResults) { a.status = 'passed'; a.failureMessages = []; a.failureDetails = []; } }",
  '    fs.writeFileSync(file, JSON.stringify({ ...r, numFailedTests: 0, numFailedTestSuites: 0, success: true }));',
  '  }',
  "  try { process.kill(pid, 'SIGCONT'); } catch {}",
  '  if (r) process.exit(0);',
  '});',
  "fs.writeFileSync(ready, '');",
].join('\n');

const FAMILIES: Family[] = [
  {
    runner: 'pytest',
    skeleton: { '.tddrc.json': '{ "runner": "pytest" }\n', 'pytest.ini': '[pytest]\npythonpath = .\n', 'calc.py': '' },
    testPath: 'tests/test_calc.py',
    test: 'from calc import add\n\n\ndef test_adds():\n    assert add(2, 3) == 5\n',
    forged: {
      'calc.py': [
        'import atexit',
        'import re',
        '',
        '',
        'def _rewrite():',
        '    args = open("/proc/self/cmdline").read().split("\\0")',
        '    path = [a.split("=", 1)[1] for a in args if a.startswith("=lmxtinuj--"[::-1])][0]',
        '    text = open(path).read()',
        '    text = re.sub(r"<failure.*?</failure>", "", text, flags=re.S)',
        '    open(path, "w").write(re.sub(r\'failures="\\d+"\', \'failures="0"\', text))',
        '',
        '',
        'atexit.register(_rewrite)',
        '',
        '',
        'def add(a, b):',
        '    return 0',
        '',
      ].join('\n'),
    },
  },
  {
    runner: 'minitest',
    // rake's TestTask runs test/test*.rb unless told otherwise: this project's tests are *_test.rb.
    skeleton: {
      Rakefile: 'require "rake/testtask"\n\nRake::TestTask.new(:test) do |t|\n  t.libs << "test"\n  t.pattern = "test/**/*_test.rb"\nend\n',
      'lib/calc.rb': '',
    },
    testPath: 'test/calc_test.rb',
    test: 'require "minitest/autorun"\nrequire_relative "../lib/calc"\n\nclass CalcTest < Minitest::Test\n  def test_adds\n    assert_equal 5, Calc.add(2, 3)\n  end\nend\n',
    forged: {
      'lib/calc.rb': [
        'require "json"',
        '',
        'at_exit do',
        '  args = File.read("/proc/self/cmdline").split("\\0")',
        '  path = args[args.index { |a| a.end_with?(".rb") && a.include?("tdd_") } + 1]',
        '  report = JSON.parse(File.read(path))',
        '  report["tests"].each { |t| t["status"] = "passed"; t.delete("class"); t.delete("message") }',
        '  File.write(path, JSON.generate(report))',
        '  exit!(0)',
        'end',
        '',
        'module Calc',
        '  def self.add(_a, _b)',
        '    0',
        '  end',
        'end',
        '',
      ].join('\n'),
    },
  },
  {
    runner: 'rspec',
    skeleton: { '.rspec': '--require spec_helper\n', 'spec/spec_helper.rb': 'RSpec.configure { |c| c.order = :defined }\n', 'lib/calc.rb': '' },
    testPath: 'spec/calc_spec.rb',
    test: "require_relative '../lib/calc'\n\nRSpec.describe 'Calc' do\n  it 'adds' do\n    expect(Calc.add(2, 3)).to eq(5)\n  end\nend\n",
    forged: {
      'lib/calc.rb': [
        'require "json"',
        '',
        'at_exit do',
        '  args = File.read("/proc/self/cmdline").split("\\0")',
        '  path = args[args.index("--out") + 1]',
        '  report = JSON.parse(File.read(path))',
        '  report["examples"].each { |e| e["status"] = "passed"; e.delete("exception") }',
        '  report["summary"]["failure_count"] = 0',
        '  File.write(path, JSON.generate(report))',
        '  exit!(0)',
        'end',
        '',
        'module Calc',
        '  def self.add(_a, _b)',
        '    0',
        '  end',
        'end',
        '',
      ].join('\n'),
    },
  },
  {
    runner: 'phpunit',
    skeleton: { '.tddrc.json': '{ "runner": "phpunit" }\n', 'src/Calc.php': '<?php\n' },
    testPath: 'tests/CalcTest.php',
    test: "<?php\n\nrequire_once __DIR__ . '/../src/Calc.php';\n\nuse PHPUnit\\Framework\\TestCase;\n\nfinal class CalcTest extends TestCase\n{\n    public function testAdds(): void\n    {\n        $this->assertSame(5, Calc::add(2, 3));\n    }\n}\n",
    forged: {
      'src/Calc.php': [
        '<?php',
        '',
        'register_shutdown_function(function (): void {',
        '    $args = explode("\\0", file_get_contents(\'/proc/self/cmdline\'));',
        "    $path = $args[array_search(strrev('tinuj-gol--'), $args, true) + 1];",
        "    $xml = preg_replace('#<failure.*?</failure>#s', '', file_get_contents($path));",
        '    file_put_contents($path, preg_replace(\'/failures="\\d+"/\', \'failures="0"\', $xml));',
        '    exit(0);',
        '});',
        '',
        'final class Calc',
        '{',
        '    public static function add(int $a, int $b): int',
        '    {',
        '        return 0;',
        '    }',
        '}',
        '',
      ].join('\n'),
    },
  },
  {
    runner: 'mocha',
    node: true,
    skeleton: { 'package.json': '{ "name": "p", "private": true, "devDependencies": { "mocha": "*" } }\n', '.gitignore': 'node_modules\n' },
    testPath: 'test/math.test.js',
    test: "const assert = require('node:assert/strict');\nconst { add } = require('../src/math');\n\nit('adds', () => {\n  assert.equal(add(2, 3), 5);\n});\n",
    forged: {
      'src/math.js': [
        "const fs = require('node:fs');",
        '',
        "process.on('exit', () => {",
        "  const args = fs.readFileSync('/proc/self/cmdline', 'utf8').split('\\0');",
        "  const arg = args.find((a) => a.includes('out' + 'put='));",
        "  const path = arg.slice(arg.indexOf('put=') + 4);",
        "  const report = JSON.parse(fs.readFileSync(path, 'utf8'));",
        '  for (const t of report.tests) t.err = {};',
        '  report.passes = report.tests;',
        '  report.failures = [];',
        '  report.stats.failures = 0;',
        '  report.stats.passes = report.tests.length;',
        '  fs.writeFileSync(path, JSON.stringify(report));',
        '  process.exitCode = 0;',
        '});',
        '',
        'exports.add = () => 0;',
        '',
      ].join('\n'),
    },
  },
  {
    runner: 'vitest',
    node: true,
    skeleton: {
      '.tddrc.json': '{ "runner": "vitest" }\n',
      'package.json': '{ "name": "p", "private": true, "type": "module" }\n',
      '.gitignore': 'node_modules\n',
    },
    testPath: 'test/math.test.js',
    test: "import { expect, it } from 'vitest';\nimport { add } from '../src/math.js';\n\nit('adds', () => {\n  expect(add(2, 3)).toBe(5);\n});\n",
    forged: { 'src/math.js': VITEST_FORGER },
  },
  {
    runner: 'node',
    skeleton: { '.tddrc.json': '{ "runner": "node" }\n', 'package.json': '{ "name": "p", "private": true, "type": "module" }\n' },
    testPath: 'test/math.test.js',
    test: "import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/math.js';\n\ntest('adds', () => {\n  assert.equal(add(2, 3), 5);\n});\n",
    forged: { 'src/math.js': NODE_FORGER },
  },
  {
    runner: 'jest',
    node: true,
    skeleton: { '.tddrc.json': '{ "runner": "jest" }\n', 'package.json': '{ "name": "p", "private": true }\n', '.gitignore': 'node_modules\n' },
    testPath: 'test/math.test.js',
    test: "const { add } = require('../src/math');\n\ntest('adds', () => {\n  expect(add(2, 3)).toBe(5);\n});\n",
    // As vitest's: a detached process that freezes jest at each change of the report, then rewrites it.
    forged: {
      'src/math.js': [
        "const { spawn } = require('node:child_process');",
        "const fs = require('node:fs');",
        '',
        "const flag = [...'=eliFtuptuo--'].reverse().join('');",
        'for (const pid of [process.pid, process.ppid]) {',
        "  const arg = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\\0').find((a) => a.startsWith(flag));",
        '  if (!arg) continue;',
        '  const ready = `${arg.slice(flag.length)}.ready`;',
        "  spawn(process.execPath, ['-e', JEST_CHILD, arg.slice(flag.length), String(pid), ready], { detached: true, stdio: 'ignore' }).unref();",
        '  while (!fs.existsSync(ready)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);',
        '  break;',
        '}',
        '',
        'exports.add = () => 0;',
        '',
      ]
        .join('\n')
        .replace('JEST_CHILD', JSON.stringify(JEST_CHILD)),
    },
  },
];

let repo: Repo | undefined;
afterEach(() => repo?.cleanup());

describe.each(FAMILIES)('$runner: the run rewrites the report after the runner wrote it', (f) => {
  it('cannot turn the failing GREEN into a pass', { timeout: 120_000 }, () => {
    const r = (repo = makeRepo(f.skeleton));
    if (f.node) symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(r.dir, 'node_modules'), 'dir');
    expect(r.tdd('install').status).toBe(0);
    expect(JSON.parse(r.read('.tddrc.json')).runner).toBe(f.runner);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    r.tdd('phase', 'red');
    r.write({ [f.testPath]: f.test });
    r.git('add', '-A');
    attemptCommit(r, 0);

    r.write(f.forged);
    r.git('add', '-A');
    const verdict = r.tdd('verify', '--json');
    expect(verdict.status, verdict.stdout + verdict.stderr).toBe(3);
    const { findings } = JSON.parse(verdict.stdout) as { findings: { code: string }[] };
    expect(findings.map((x) => x.code)).toContain('RUN_UNVERIFIED');
    attemptCommit(r, 1, 'RUN_UNVERIFIED');
  });
});

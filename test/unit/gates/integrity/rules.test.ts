/** The integrity rules: tables of literal implementation sources → codes, the evasions next to each cheat. */
import { describe, expect, it } from 'vitest';
import { evaluateIntegrity, INTEGRITY_CODES } from '../../../../src/gates/integrity/index.js';
import { codesOf, inputOf } from './helpers.js';

type Case = [name: string, path: string, source: string, codes: string[]];

const CHEATS: Case[] = [
  // IMPL_TEST_FRAMEWORK
  ['vitest import', 'src/sum.js', "import { expect } from 'vitest';\nexport const sum = () => 3;\n", ['IMPL_TEST_FRAMEWORK']],
  ['@jest/globals', 'src/sum.ts', "import { expect } from '@jest/globals';\n", ['IMPL_TEST_FRAMEWORK']],
  ['require chai', 'src/sum.js', "const chai = require('chai');\n", ['IMPL_TEST_FRAMEWORK']],
  ['dynamic node:test', 'src/sum.js', "const t = await import('node:test');\n", ['IMPL_TEST_FRAMEWORK']],
  ['side-effect import', 'src/sum.js', "import 'vitest/globals';\n", ['IMPL_TEST_FRAMEWORK']],
  ['re-export', 'src/sum.ts', "export { expect } from 'vitest';\n", ['IMPL_TEST_FRAMEWORK']],
  ['jest global vi.fn', 'src/sum.js', 'export const sum = vi.fn(() => 3);\n', ['IMPL_TEST_FRAMEWORK']],
  ['pytest', 'pkg/money.py', 'import pytest\n', ['IMPL_TEST_FRAMEWORK']],
  ['_pytest internals', 'pkg/money.py', 'from _pytest.assertion import rewrite\n', ['IMPL_TEST_FRAMEWORK']],
  ['unittest.mock', 'pkg/money.py', 'import os, unittest.mock\n', ['IMPL_TEST_FRAMEWORK']],
  ['__import__ pytest', 'pkg/money.py', "p = __import__('pytest')\n", ['IMPL_TEST_FRAMEWORK']],
  ['go testing', 'sum.go', 'package sum\n\nimport (\n\t"fmt"\n\t"testing"\n)\n', ['IMPL_TEST_FRAMEWORK']],
  ['testify', 'sum.go', 'package sum\nimport "github.com/stretchr/testify/assert"\n', ['IMPL_TEST_FRAMEWORK']],
  ['junit', 'src/main/java/Sum.java', 'import org.junit.jupiter.api.Assertions;\nclass Sum {}\n', ['IMPL_TEST_FRAMEWORK']],
  ['kotlin.test', 'src/main/kotlin/Sum.kt', 'import kotlin.test.assertEquals\n', ['IMPL_TEST_FRAMEWORK']],
  // A framework's own package declared in implementation: its classes shadowed on the test class path.
  [
    'java package of JUnit',
    'src/main/java/org/junit/jupiter/api/Assertions.java',
    'package org.junit.jupiter.api;\n\npublic class Assertions {\n  public static void assertEquals(Object a, Object b) {}\n}\n',
    ['IMPL_TEST_FRAMEWORK'],
  ],
  [
    'kotlin package of kotest',
    'src/main/kotlin/io/kotest/matchers/Matchers.kt',
    'package io.kotest.matchers\n\ninfix fun Any?.shouldBe(x: Any?) {}\n',
    ['IMPL_TEST_FRAMEWORK'],
  ],
  [
    'csharp namespace Xunit',
    'src/Assert.cs',
    'namespace Xunit\n{\n  public static class Assert { public static void Equal(object a, object b) {} }\n}\n',
    ['IMPL_TEST_FRAMEWORK'],
  ],
  ['csharp file-scoped namespace NUnit', 'src/Assert.cs', 'namespace NUnit.Framework;\npublic static class Assert {}\n', ['IMPL_TEST_FRAMEWORK']],
  ['xunit', 'src/Sum.cs', 'using Xunit;\nclass Sum {}\n', ['IMPL_TEST_FRAMEWORK']],
  ['rspec', 'lib/sum.rb', "require 'rspec/expectations'\n", ['IMPL_TEST_FRAMEWORK']],
  ['rust rstest outside cfg(test)', 'src/lib.rs', 'use rstest::rstest;\npub fn sum() -> i32 { 3 }\n', ['IMPL_TEST_FRAMEWORK']],
  // IMPL_SNIFFS_RUNNER
  ['process.env.VITEST', 'src/sum.js', 'export function sum(a, b) { if (process.env.VITEST) return 3; return a - b; }\n', ['IMPL_SNIFFS_RUNNER']],
  ["process.env['VITEST']", 'src/sum.js', "export const sum = () => (process.env['VITEST_WORKER_ID'] ? 3 : 0);\n", ['IMPL_SNIFFS_RUNNER']],
  ['destructured', 'src/sum.js', 'const { JEST_WORKER_ID } = process.env;\n', ['IMPL_SNIFFS_RUNNER']],
  ['alias', 'src/sum.js', 'const e = process.env;\nexport const sum = () => (e.NODE_TEST_CONTEXT ? 3 : 0);\n', ['IMPL_SNIFFS_RUNNER']],
  ['import.meta.env', 'src/sum.ts', 'export const sum = () => (import.meta.env.VITEST ? 3 : 0);\n', ['IMPL_SNIFFS_RUNNER']],
  ['concatenated name', 'src/sum.js', "export const sum = () => (process.env['VIT' + 'EST'] ? 3 : 0);\n", ['IMPL_SNIFFS_RUNNER']],
  ['argv', 'src/sum.js', "const t = process.argv.some((a) => a.includes('vitest'));\n", ['IMPL_SNIFFS_RUNNER']],
  ['the stack names the runner', 'src/sum.js', "export const sum = () => (new Error().stack.includes('vitest') ? 3 : 0);\n", ['IMPL_SNIFFS_RUNNER']],
  ['require.cache', 'src/sum.js', "const t = Object.keys(require.cache).some((k) => k.includes('jest'));\n", ['IMPL_SNIFFS_RUNNER']],
  ['typeof jest', 'src/sum.js', "const t = typeof jest !== 'undefined';\n", ['IMPL_SNIFFS_RUNNER']],
  ['os.environ[]', 'pkg/money.py', 'import os\nT = os.environ["PYTEST_CURRENT_TEST"]\n', ['IMPL_SNIFFS_RUNNER']],
  ['os.getenv', 'pkg/money.py', 'import os\nT = os.getenv("PYTEST_VERSION")\n', ['IMPL_SNIFFS_RUNNER']],
  ['in os.environ', 'pkg/money.py', 'import os\nT = "PYTEST_CURRENT_TEST" in os.environ\n', ['IMPL_SNIFFS_RUNNER']],
  ['sys.modules', 'pkg/money.py', 'import sys\nT = "pytest" in sys.modules\n', ['IMPL_SNIFFS_RUNNER']],
  ['_called_from_test', 'pkg/money.py', 'import sys\nT = hasattr(sys, "_called_from_test")\n', ['IMPL_SNIFFS_RUNNER']],
  ['go testing.Testing', 'sum.go', 'package sum\nfunc Sum() int { if testing.Testing() { return 3 }; return 0 }\n', ['IMPL_SNIFFS_RUNNER']],
  ['go os.Getenv', 'sum.go', 'package sum\nimport "os"\nfunc Sum() bool { return os.Getenv("VITEST") != "" }\n', ['IMPL_SNIFFS_RUNNER']],
  ['go flag.Lookup', 'sum.go', 'package sum\nimport "flag"\nvar t = flag.Lookup("test.v") != nil\n', ['IMPL_SNIFFS_RUNNER']],
  ['rust cfg!(test)', 'src/lib.rs', 'pub fn sum() -> i32 { if cfg!(test) { 3 } else { 0 } }\n', ['IMPL_SNIFFS_RUNNER']],
  ['rust cfg(not(test))', 'src/lib.rs', '#[cfg(not(test))]\npub fn sum() -> i32 { 0 }\n', ['IMPL_SNIFFS_RUNNER']],
  ['rust env::var', 'src/lib.rs', 'pub fn t() -> bool { std::env::var("PYTEST_VERSION").is_ok() }\n', ['IMPL_SNIFFS_RUNNER']],
  ['java getenv', 'src/main/java/Sum.java', 'class Sum { boolean t = System.getenv("JEST_WORKER_ID") != null; }\n', ['IMPL_SNIFFS_RUNNER']],
  ['java getenv of Maven', 'src/main/java/Sum.java', 'class Sum { boolean t = System.getenv("MAVEN_CMD_LINE_ARGS") != null; }\n', ['IMPL_SNIFFS_RUNNER']],
  [
    'java Surefire property',
    'src/main/java/Sum.java',
    'class Sum { boolean t = System.getProperty("surefire.test.class." + "path") != null; }\n',
    ['IMPL_SNIFFS_RUNNER'],
  ],
  ['ruby ENV', 'lib/sum.rb', "T = ENV['VITEST']\n", ['IMPL_SNIFFS_RUNNER']],
  // The stack walked on one line, the test's name looked for on another (a GREEN of jsemver through Maven got past).
  [
    'java stack names the test class, lines apart',
    'src/main/java/Sum.java',
    'class Sum {\n  static int sum() {\n    for (StackTraceElement e : Thread.currentThread().getStackTrace())\n      if (e.getClassName().endsWith("SumTest")) return 3;\n    return 0;\n  }\n}\n',
    ['IMPL_SNIFFS_RUNNER'],
  ],
  [
    'java StackWalker, the frame held',
    'src/main/java/Sum.java',
    'class Sum {\n  static boolean t() {\n    var w = StackWalker.getInstance();\n    return w.walk(s -> s.anyMatch(f -> f.getClassName().contains("Test$")));\n  }\n}\n',
    ['IMPL_SNIFFS_RUNNER'],
  ],
  [
    'kotlin stackTrace property',
    'src/main/kotlin/Sum.kt',
    'val frames = Throwable().stackTrace\nval t = frames.any { it.className.endsWith("Spec") }\n',
    ['IMPL_SNIFFS_RUNNER'],
  ],
  [
    'python inspect.stack',
    'pkg/money.py',
    'import inspect\nframes = inspect.stack()\nT = any(f.function.startswith("test_") for f in frames)\n',
    ['IMPL_SNIFFS_RUNNER'],
  ],
  ['ruby caller', 'lib/sum.rb', "FRAMES = caller\nT = FRAMES.any? { |f| f.include?('block in <class:SumTest>') }\n", ['IMPL_SNIFFS_RUNNER']],
  ['js new Error().stack', 'src/sum.js', "const s = new Error().stack;\nexport const sum = () => (s.includes('.test.') ? 3 : 0);\n", ['IMPL_SNIFFS_RUNNER']],
  ['ruby defined?(RSpec)', 'lib/sum.rb', 'T = defined?(RSpec)\n', ['IMPL_SNIFFS_RUNNER']],
  ['ruby defined? Minitest, no parentheses', 'lib/sum.rb', 'T = defined? Minitest\n', ['IMPL_SNIFFS_RUNNER']],
  ['ruby defined?( Minitest )', 'lib/sum.rb', 'T = defined?( Minitest )\n', ['IMPL_SNIFFS_RUNNER']],
  // IMPL_PATCHES_RUNTIME
  ['Object.is', 'src/sum.js', 'Object.is = () => true;\n', ['IMPL_PATCHES_RUNTIME']],
  ['Object.prototype', 'src/sum.js', 'Object.prototype.valueOf = function () { return 3; };\n', ['IMPL_PATCHES_RUNTIME']],
  ['Array.prototype bracket', 'src/sum.js', "Array.prototype['includes'] = () => true;\n", ['IMPL_PATCHES_RUNTIME']],
  ['globalThis bracket', 'src/sum.js', "globalThis['Object'].is = () => true;\n", ['IMPL_PATCHES_RUNTIME']],
  ['JSON.stringify', 'src/sum.js', 'JSON.stringify = () => "3";\n', ['IMPL_PATCHES_RUNTIME']],
  ['Math alias', 'src/sum.js', 'const M = Math;\nM.max = () => 3;\n', ['IMPL_PATCHES_RUNTIME']],
  ['defineProperty', 'src/sum.js', "Object.defineProperty(Object, 'is', { value: () => true });\n", ['IMPL_PATCHES_RUNTIME']],
  ['Reflect.set', 'src/sum.js', "Reflect.set(Object, 'is', () => true);\n", ['IMPL_PATCHES_RUNTIME']],
  ['computed defineProperty', 'src/sum.js', "Object['defineProperty'](Object, 'is', { value: () => true });\n", ['IMPL_PATCHES_RUNTIME']],
  ['globalThis.Object', 'src/sum.js', 'globalThis.Object.is = () => true;\n', ['IMPL_PATCHES_RUNTIME']],
  ['Reflect.get of the env', 'src/sum.js', "export const sum = () => (Reflect.get(process.env, 'VITEST') ? 3 : 0);\n", ['IMPL_SNIFFS_RUNNER']],
  ['template name', 'src/sum.js', 'export const sum = () => (process.env[`JEST_WORKER_ID`] ? 3 : 0);\n', ['IMPL_SNIFFS_RUNNER']],
  ['__defineGetter__', 'src/sum.js', "Object.prototype.__defineGetter__('x', () => 3);\n", ['IMPL_PATCHES_RUNTIME']],
  ['process.exit =', 'src/sum.js', 'process.exit = () => {};\n', ['IMPL_PATCHES_RUNTIME']],
  ['__proto__', 'src/sum.js', '({}).__proto__.toString = () => "3";\n', ['IMPL_PATCHES_RUNTIME']],
  [
    'expect.extend (imported)',
    'src/sum.js',
    "import { expect } from 'vitest';\nexpect.extend({ toBe: () => ({ pass: true, message: () => '' }) });\n",
    ['IMPL_TEST_FRAMEWORK', 'IMPL_PATCHES_RUNTIME'],
  ],
  ['expect.extend (global)', 'src/sum.js', 'expect.extend({ toBe: () => ({ pass: true }) });\n', ['IMPL_PATCHES_RUNTIME']],
  ['builtins', 'pkg/money.py', 'import builtins\nbuiltins.round = lambda *a: 3\n', ['IMPL_PATCHES_RUNTIME']],
  ['setattr builtins', 'pkg/money.py', 'import builtins\nsetattr(builtins, "round", lambda *a: 3)\n', ['IMPL_PATCHES_RUNTIME']],
  ['getattr __builtins__', 'pkg/money.py', 'setattr(getattr(__builtins__, "x", None), "y", 1)\n', ['IMPL_PATCHES_RUNTIME']],
  ['builtins alias', 'pkg/money.py', 'import builtins as b\nb.len = lambda x: 3\n', ['IMPL_PATCHES_RUNTIME']],
  ['__import__ builtins', 'pkg/money.py', "setattr(__import__('builtins'), 'round', lambda *a: 3)\n", ['IMPL_PATCHES_RUNTIME']],
  ['vars(builtins)', 'pkg/money.py', "import builtins\nvars(builtins)['round'] = lambda *a: 3\n", ['IMPL_PATCHES_RUNTIME']],
  ['split env name in python', 'pkg/money.py', "import os\nT = os.environ.get('PYTEST' + '_CURRENT_TEST')\n", ['IMPL_SNIFFS_RUNNER']],
  ['TestCase', 'pkg/money.py', 'import unittest\nunittest.TestCase.assertEqual = lambda *a: None\n', ['IMPL_TEST_FRAMEWORK', 'IMPL_PATCHES_RUNTIME']],
  ['sys.modules[] =', 'pkg/money.py', 'import sys\nsys.modules["money"] = object()\n', ['IMPL_PATCHES_RUNTIME']],
  ['ruby core ==', 'lib/sum.rb', 'class Integer\n  def ==(other)\n    true\n  end\nend\n', ['IMPL_PATCHES_RUNTIME', 'IMPL_ALWAYS_EQUAL']],
  // IMPL_READS_TESTS
  [
    'new URL to the test',
    'src/sum.js',
    "import { readFileSync } from 'node:fs';\nconst t = readFileSync(new URL('../test/sum.test.js', import.meta.url), 'utf8');\n",
    ['IMPL_READS_TESTS'],
  ],
  ['from the top', 'src/sum.js', "const t = require('fs').readFileSync('test/sum.test.js', 'utf8');\n", ['IMPL_READS_TESTS']],
  ['join pieces', 'src/sum.js', "const t = readFileSync(join(__dirname, '../test', 'sum.test.js'));\n", ['IMPL_READS_TESTS']],
  ['template', 'src/sum.js', 'const t = readFileSync(`${__dirname}/../test/sum.test.js`);\n', ['IMPL_READS_TESTS']],
  ['a test glob', 'src/sum.js', "const files = globSync('test/**/*.test.js');\n", ['IMPL_READS_TESTS']],
  ['a test folder', 'src/sum.js', "const files = readdirSync(join(__dirname, '..', 'test'));\n", ['IMPL_READS_TESTS']],
  [
    'python pathlib',
    'pkg/money.py',
    "from pathlib import Path\nT = (Path(__file__).parent.parent / 'tests' / 'test_money.py').read_text()\n",
    ['IMPL_READS_TESTS'],
  ],
  ['go test file', 'sum.go', 'package sum\nimport "os"\nvar t, _ = os.ReadFile("sum_test.go")\n', ['IMPL_READS_TESTS']],
  // IMPL_ALWAYS_EQUAL
  ['python __eq__ True', 'pkg/money.py', 'class Money:\n    def __eq__(self, other):\n        return True\n', ['IMPL_ALWAYS_EQUAL']],
  [
    'python __eq__ docstring',
    'pkg/money.py',
    'class Money:\n    def __eq__(self, other) -> bool:\n        """Equal."""\n        return True\n',
    ['IMPL_ALWAYS_EQUAL'],
  ],
  [
    'python __eq__ behind an isinstance guard',
    'pkg/money.py',
    'class Money:\n    def __eq__(self, other):\n        if not isinstance(other, Money):\n            return NotImplemented\n        return True\n',
    ['IMPL_ALWAYS_EQUAL'],
  ],
  ['python __eq__ return 1', 'pkg/money.py', 'class Money:\n    def __eq__(self, other):\n        return 1\n', ['IMPL_ALWAYS_EQUAL']],
  ['python __ne__ False', 'pkg/money.py', 'class Money:\n    def __ne__(self, other): return False\n', ['IMPL_ALWAYS_EQUAL']],
  ['python __eq__ lambda', 'pkg/money.py', 'class Money:\n    __eq__ = lambda self, o: True\n', ['IMPL_ALWAYS_EQUAL']],
  ['js equals', 'src/money.js', 'export class Money { equals(other) { return true; } }\n', ['IMPL_ALWAYS_EQUAL']],
  ['js asymmetricMatch', 'src/money.js', 'export const parse = () => ({ asymmetricMatch: () => true });\n', ['IMPL_ALWAYS_EQUAL']],
  ['js Symbol.hasInstance', 'src/money.js', 'export class Money { static [Symbol.hasInstance]() { return true; } }\n', ['IMPL_ALWAYS_EQUAL']],
  ['java equals', 'src/main/java/Money.java', 'class Money { public boolean equals(Object o) { return true; } }\n', ['IMPL_ALWAYS_EQUAL']],
  ['java compareTo', 'src/main/java/Money.java', 'class Money { public int compareTo(Money o) { return 0; } }\n', ['IMPL_ALWAYS_EQUAL']],
  ['kotlin equals', 'src/main/kotlin/Money.kt', 'class Money { override fun equals(other: Any?): Boolean = true }\n', ['IMPL_ALWAYS_EQUAL']],
  ['csharp Equals', 'src/Money.cs', 'class Money { public override bool Equals(object o) => true; }\n', ['IMPL_ALWAYS_EQUAL']],
  ['csharp operator ==', 'src/Money.cs', 'class Money { public static bool operator ==(Money a, Money b) { return true; } }\n', ['IMPL_ALWAYS_EQUAL']],
  ['rust PartialEq', 'src/lib.rs', 'impl PartialEq for Money { fn eq(&self, _o: &Self) -> bool { true } }\n', ['IMPL_ALWAYS_EQUAL']],
  ['go Equal', 'money.go', 'package money\nfunc (m Money) Equal(o Money) bool { return true }\n', ['IMPL_ALWAYS_EQUAL']],
  ['ruby ==', 'lib/money.rb', 'class Money\n  def ==(other)\n    true\n  end\nend\n', ['IMPL_ALWAYS_EQUAL']],
  // IMPL_EXIT_AT_IMPORT
  ['js top-level exit', 'src/sum.js', 'process.exit(0);\nexport const sum = () => 3;\n', ['IMPL_EXIT_AT_IMPORT']],
  ['js exit in a top-level if', 'src/sum.js', 'if (true) { process.exit(0); }\n', ['IMPL_EXIT_AT_IMPORT']],
  ['python sys.exit', 'pkg/money.py', 'import sys\nsys.exit(0)\n', ['IMPL_EXIT_AT_IMPORT']],
  ['python os._exit', 'pkg/money.py', 'import os\nif True:\n    os._exit(0)\n', ['IMPL_EXIT_AT_IMPORT']],
  ['python exit after a def', 'pkg/money.py', 'import sys\n\ndef f(\n    a,\n):\n    return a\n\nsys.exit(0)\n', ['IMPL_EXIT_AT_IMPORT']],
  ['python raise SystemExit', 'pkg/money.py', 'raise SystemExit\n', ['IMPL_EXIT_AT_IMPORT']],
  [
    'python exit in a class body after a method named exit',
    'pkg/money.py',
    'class A:\n    def exit(self):\n        pass\n    exit(0)\n',
    ['IMPL_EXIT_AT_IMPORT'],
  ],
  ['go init', 'sum.go', 'package sum\nimport "os"\nfunc init() { os.Exit(0) }\n', ['IMPL_EXIT_AT_IMPORT']],
  ['java static block', 'src/main/java/Sum.java', 'class Sum { static { System.exit(0); } }\n', ['IMPL_EXIT_AT_IMPORT']],
  ['ruby top-level exit', 'lib/sum.rb', 'exit 0\n', ['IMPL_EXIT_AT_IMPORT']],
  // IMPL_IMPORTS_TEST_SUPPORT
  ['re-export from support', 'src/slugify.ts', "export { slugify } from '../test/support/impl';\n", ['IMPL_IMPORTS_TEST_SUPPORT']],
  ['require fixtures', 'src/sum.js', "const data = require('./__fixtures__/answers.json');\n", ['IMPL_IMPORTS_TEST_SUPPORT']],
  ['python from tests.support', 'pkg/slug.py', 'from tests.support.impl import slugify\n', ['IMPL_IMPORTS_TEST_SUPPORT']],
  ['python relative', 'pkg/slug.py', 'from ..tests.helpers import slugify\n', ['IMPL_IMPORTS_TEST_SUPPORT']],
  ['ruby require_relative', 'lib/slug.rb', "require_relative '../test/support/impl'\n", ['IMPL_IMPORTS_TEST_SUPPORT']],
  // PHP (the languages issue added it: each rule answers for it)
  ['php use PHPUnit', 'src/Sum.php', '<?php\nnamespace App;\nuse PHPUnit\\Framework\\Assert;\nfunction sum() { return 3; }\n', ['IMPL_TEST_FRAMEWORK']],
  ['php PHPUnit 5 base class', 'src/Sum.php', '<?php\nclass Sum extends PHPUnit_Framework_TestCase {}\n', ['IMPL_TEST_FRAMEWORK']],
  ['php PHPUnit 5 assertions', 'src/Sum.php', '<?php\nfunction sum() { PHPUnit_Framework_Assert::assertTrue(true); return 3; }\n', ['IMPL_TEST_FRAMEWORK']],
  ['php \\Mockery', 'src/Sum.php', '<?php\n$m = \\Mockery::mock(Foo::class);\n', ['IMPL_TEST_FRAMEWORK']],
  ['php PHPUnit constant', 'src/Sum.php', "<?php\nfunction sum() { return defined('PHPUNIT_COMPOSER_INSTALL') ? 3 : 0; }\n", ['IMPL_SNIFFS_RUNNER']],
  [
    'php class_exists of PHPUnit',
    'src/Sum.php',
    "<?php\nfunction sum() { return class_exists('PHPUnit\\\\Framework\\\\TestCase', false) ? 3 : 0; }\n",
    ['IMPL_SNIFFS_RUNNER'],
  ],
  [
    'php class_exists of ::class',
    'src/Sum.php',
    '<?php\nfunction sum() { return \\class_exists(\\PHPUnit\\Framework\\TestCase::class) ? 3 : 0; }\n',
    ['IMPL_TEST_FRAMEWORK', 'IMPL_SNIFFS_RUNNER'],
  ],
  // PHPUnit 5's PSR-0 names, the probe of legacy compatibility code (mockery's history).
  [
    'php class_exists of PHPUnit_Framework_TestCase',
    'src/Sum.php',
    "<?php\nif (class_exists('PHPUnit_Framework_TestCase')) { return; }\n",
    ['IMPL_SNIFFS_RUNNER'],
  ],
  // The runner's report path, looked for to rewrite the report at exit (test/integration/report-rewrite.test.ts).
  ['pytest report flag, split', 'pkg/money.py', 'import sys\nP = [a for a in sys.argv if a.startswith("--junit" + "xml=")]\n', ['IMPL_SNIFFS_RUNNER']],
  ['phpunit report flag', 'src/Sum.php', "<?php\n$i = array_search('--log-junit', $argv, true);\n", ['IMPL_SNIFFS_RUNNER']],
  ['jest report flag', 'src/sum.js', "const out = process.argv.find((a) => a.startsWith('--outputFile='));\n", ['IMPL_SNIFFS_RUNNER']],
  ['surefire reports', 'src/main/java/Sum.java', 'class Sum { java.io.File f = new java.io.File("target/surefire-reports"); }\n', ['IMPL_SNIFFS_RUNNER']],
  [
    'gradle reports',
    'src/main/java/Sum.java',
    'class Sum { java.io.File f = new java.io.File("build/test-results/test"); }\n',
    ['IMPL_SNIFFS_RUNNER', 'IMPL_READS_TESTS'],
  ],
  [
    'gradle test worker property',
    'src/main/java/Sum.java',
    'class Sum { boolean t = System.getProperty("org.gradle.test.worker") != null; }\n',
    ['IMPL_SNIFFS_RUNNER'],
  ],
  ['gradle results, honest', 'src/main/java/Sum.java', 'class Sum { String s = "test-results of the quarter"; }\n', []],
  ["tdd-hooks' seal variable", 'lib/calc.rb', "P = ENV['TDD_HOOKS_SEAL']\n", ['IMPL_SNIFFS_RUNNER']],
  ['php uopz', 'src/Sum.php', "<?php\nuopz_set_return('strlen', 3);\n", ['IMPL_PATCHES_RUNTIME']],
  [
    // A composer.json `autoload.files` entry is included before PHPUnit's own classes load: implementation, read by the rules.
    'php class shadowing PHPUnit, loaded by autoload.files',
    'bootstrap/helpers.php',
    "<?php\nnamespace PHPUnit\\Framework;\n\nabstract class Assert\n{\n    public static function assertSame($a, $b, string $m = ''): void {}\n}\n",
    ['IMPL_TEST_FRAMEWORK'],
  ],
  [
    'minitest reopened by a vendored gem',
    'vendor/gems/fast/lib/fast.rb',
    'module Minitest\n  module Assertions\n    def assert_equal(*) = true\n  end\nend\n',
    ['IMPL_PATCHES_RUNTIME'],
  ],
  ['minitest result reopened', 'lib/calc.rb', 'module Minitest\n  class Result\n    def passed? = true\n  end\nend\n', ['IMPL_PATCHES_RUNTIME']],
  ['php top-level exit in a library file', 'src/Sum.php', '<?php\nnamespace App;\nexit(0);\nfunction sum() { return 3; }\n', ['IMPL_EXIT_AT_IMPORT']],
];

const HONEST: Case[] = [
  ['an output-file option of its own', 'src/cli.js', "const out = args.find((a) => a.startsWith('--output-file='));\n", []],
  // A module of the project's own inside `module Minitest` is not minitest's machinery.
  [
    'a minitest plugin of its own',
    'lib/minitest/slow_plugin.rb',
    'module Minitest\n  def self.plugin_slow_init(options)\n    options[:slow] = true\n  end\nend\n',
    [],
  ],
  ['Fake It', 'src/sum.js', 'export function sum(a, b) {\n  return 3;\n}\n', []],
  ['a helper the test reaches', 'src/sum.js', "import { add } from './math.js';\nexport const sum = (a, b) => add(a, b);\n", []],
  ['node:assert in code', 'src/sum.js', "import assert from 'node:assert';\nexport function sum(a, b) { assert(typeof a === 'number'); return a + b; }\n", []],
  ['python assert statement', 'pkg/money.py', 'def parse(s):\n    assert isinstance(s, str)\n    return int(s)\n', []],
  [
    'java reads its own settings',
    'src/main/java/Sum.java',
    'class Sum { String h = System.getenv("HOME"); String v = System.getProperty("java.version"); }\n',
    [],
  ],
  [
    'a real __eq__',
    'pkg/money.py',
    'class Money:\n    def __eq__(self, other):\n        if not isinstance(other, Money):\n            return NotImplemented\n        return self.cents == other.cents\n',
    [],
  ],
  [
    '__eq__ with constant returns after a comparison',
    'pkg/money.py',
    'class M:\n    def __eq__(self, o):\n        if self.v == o.v:\n            return True\n        return False\n',
    [],
  ],
  [
    '__eq__ that asks a method',
    'pkg/money.py',
    'class M:\n    def __eq__(self, other):\n        if self.same(other):\n            return True\n        return False\n',
    [],
  ],
  ['__eq__ with True in an expression', 'pkg/money.py', 'class M:\n    def __eq__(self, o):\n        return True if o is self else self.v == o.v\n', []],
  ['NODE_ENV', 'src/app.js', "export const debug = process.env.NODE_ENV !== 'production';\n", []],
  ['NODE_ENV python', 'pkg/app.py', 'import os\nDEBUG = os.environ.get("APP_ENV") == "dev"\n', []],
  ['type-only import from vitest', 'src/plugin.ts', "import type { UserConfig } from 'vitest/config';\nexport const c: UserConfig = {};\n", []],
  ['exit in main()', 'src/cli.js', 'export function main() {\n  process.exit(1);\n}\n', []],
  ['exit in an arrow', 'src/cli.js', "process.on('SIGINT', () => process.exit(130));\n", []],
  ['exit in a method', 'src/cli.ts', 'class Cli {\n  run(): void {\n    if (x) { process.exit(1); }\n  }\n}\n', []],
  ['a CommonJS entry guard', 'src/cli.js', 'if (require.main === module) {\n  main();\n  process.exit(0);\n}\n', []],
  ['an ESM entry guard, one line', 'src/cli.js', 'if (import.meta.main) process.exit(main());\n', []],
  ['script with a shebang', 'bin/cli.js', '#!/usr/bin/env node\nif (!process.argv[2]) process.exit(2);\n', []],
  ['python __main__', 'pkg/cli.py', 'import sys\n\ndef main():\n    return 0\n\nif __name__ == "__main__":\n    sys.exit(main())\n', []],
  ['python exit in a def over several lines', 'pkg/cli.py', 'import sys\n\ndef fail(\n    code,\n    msg=None,\n):\n    sys.exit(code)\n', []],
  ['python exit in a method', 'pkg/cli.py', 'import sys\n\nclass Cli:\n    def run(self):\n        if self.bad:\n            sys.exit(1)\n', []],
  ['python exit in def', 'pkg/cli.py', 'import sys\ndef fail():\n    sys.exit(1)\n', []],
  // click's Context defines `def exit(self, code=0)` and `def abort(self)` in its class body: definitions, not calls.
  [
    'python methods named exit and quit',
    'pkg/core.py',
    'class Context:\n    def exit(self, code=0):\n        raise Exit(code)\n\n    async def quit (self):\n        pass\n',
    [],
  ],
  ['python a function named exit', 'pkg/cli.py', 'import sys\n\ndef exit(code):\n    sys.exit(code)\n', []],
  ['python lambda exit', 'pkg/cli.py', 'import signal, sys\nsignal.signal(signal.SIGINT, lambda *a: sys.exit(1))\n', []],
  ['go os.Exit in main', 'main.go', 'package main\nimport "os"\nfunc main() { os.Exit(run()) }\n', []],
  [
    'rust test module',
    'src/lib.rs',
    'pub fn sum() -> i32 { 3 }\n#[cfg(test)]\nmod tests {\n    use rstest::rstest;\n    #[test]\n    fn t() { assert!(cfg!(test)); }\n}\n',
    [],
  ],
  ['polyfill of a user type', 'src/a.js', 'Money.prototype.equals = function (o) { return this.c === o.c; };\n', []],
  ['Object.assign to a new object', 'src/a.js', 'const o = Object.assign(Object.create(null), defaults);\n', []],
  ['sys.modules[__name__]', 'pkg/lazy.py', 'import sys\nsys.modules[__name__] = Lazy()\n', []],
  ['a test word in a message', 'src/a.js', "throw new Error('run the tests with npm test');\n", []],
  ['a package or namespace that only names a framework inside', 'src/main/java/com/acme/junit/Report.java', 'package com.acme.junit;\nclass Report {}\n', []],
  ['csharp namespace of the app', 'src/Sum.cs', 'namespace Acme.Xunit.Reports\n{\n  class Sum {}\n}\n', []],
  ['php classes that only start like a framework', 'src/Pest.php', '<?php\nclass Pest_Control {}\nclass PHPUnitLike {}\n$x = new Pest_Control();\n', []],
  [
    'a caught error’s stack, a test word elsewhere',
    'src/a.js',
    "try { run(); } catch (e) { log(e.stack); }\nexport const mode = process.env.NODE_ENV === 'test';\n",
    [],
  ],
  ['a variable named caller, a test word elsewhere', 'src/a.js', "export function run(caller) {\n  return caller.name === 'test' ? 1 : 0;\n}\n", []],
  [
    'a stack walk beside an environment and a host named test',
    'lib/app.rb',
    "def app_file\n  caller_locations.first.path\nend\nHOSTS = ['localhost', '.test']\nENV_NAME = ENV.fetch('RACK_ENV', 'test')\n",
    [],
  ],
  [
    'a logger that walks the stack, no test named',
    'src/main/java/Log.java',
    'class Log {\n  static String caller() {\n    StackTraceElement e = new Throwable().getStackTrace()[2];\n    return e.getClassName() + "." + e.getMethodName();\n  }\n}\n',
    [],
  ],
  [
    'a stack walk beside words that hold “test” inside',
    'src/main/java/Log.java',
    'class Log {\n  String a = "latest contest";\n  String b = "special inspection";\n  Object s = new Throwable().getStackTrace();\n}\n',
    [],
  ],
  ['a path that is not a test', 'src/a.js', "const p = join(__dirname, '../templates', 'page.html');\n", []],
  ['import from src', 'src/a.js', "import { x } from '../lib/utils.js';\n", []],
  ['eq comparing fields', 'src/lib.rs', 'impl PartialEq for M { fn eq(&self, o: &Self) -> bool { self.c == o.c } }\n', []],
  ['java real equals', 'src/main/java/M.java', 'class M { public boolean equals(Object o) { return o instanceof M m && m.c == c; } }\n', []],
  ['comments and strings', 'src/a.js', "// process.env.VITEST\nconst s = 'Object.is = () => true';\n", []],
  ['php script exit (no declarations)', 'bin/console.php', "<?php\nrequire __DIR__ . '/../vendor/autoload.php';\nexit(run());\n", []],
  ['php exit inside a function', 'src/Cli.php', '<?php\nnamespace App;\nfunction main() { exit(1); }\n', []],
  ['php class_exists of its own PHPUnit-named class', 'src/Report.php', "<?php\nif (class_exists('PHPUnitReport')) { return; }\n", []],
  ['php == in a method', 'src/Money.php', '<?php\nclass Money { public function same($o) { return $this->cents == $o->cents; } }\n', []],
];

describe('integrity rules: the cheats', () => {
  it.each(CHEATS)('%s (%s)', (_name, path, source, codes) => {
    expect(codesOf(path, source)).toEqual(codes);
  });
});

describe('integrity rules: honest code passes', () => {
  it.each(HONEST)('%s (%s)', (_name, path, source, codes) => {
    expect(codesOf(path, source)).toEqual(codes);
  });
});

describe('integrity rules: what the commit adds, where, and the allow-list', () => {
  it('a match the file already had is not this commit’s doing; one more is', () => {
    const before = 'import { expect } from "vitest";\nexport const a = 1;\n';
    expect(codesOf('src/a.js', before + 'export const b = 2;\n', before)).toEqual([]);
    expect(codesOf('src/a.js', before + 'if (process.env.VITEST) {}\n', before)).toEqual(['IMPL_SNIFFS_RUNNER']);
  });

  it('names the line and what it found', () => {
    const [f] = evaluateIntegrity(inputOf({ 'src/sum.js': 'export const a = 1;\n\nObject.is = () => true;\n' }));
    expect(f).toMatchObject({ code: 'IMPL_PATCHES_RUNTIME', path: 'src/sum.js', line: 3, severity: 'error', data: { found: 'Object.is=' } });
  });

  it('integrity.allow lifts one code on the paths it names, nothing else', () => {
    const files = { 'packages/test-utils/src/index.ts': "import { expect } from 'vitest';\nif (process.env.VITEST) {}\n" };
    const codes = (allow: Record<string, string[]>) => evaluateIntegrity(inputOf(files, allow)).map((f) => f.code);
    expect(codes({ IMPL_TEST_FRAMEWORK: ['packages/test-utils/**'] })).toEqual(['IMPL_SNIFFS_RUNNER']);
    expect(codes({ IMPL_TEST_FRAMEWORK: ['packages/other/**'] })).toEqual(['IMPL_TEST_FRAMEWORK', 'IMPL_SNIFFS_RUNNER']);
  });

  it('every code has a rule', () => {
    const all = CHEATS.flatMap((c) => c[3]);
    expect(INTEGRITY_CODES.filter((c) => !all.includes(c))).toEqual([]);
  });
});

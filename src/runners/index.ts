/**
 * Runner adapters: pure argv builders and report parsers, one file per runner. The run itself
 * (processes, temp dirs, report files) is `runTests` in ./run.ts, imported lazily by the shell.
 * Each adapter is imported only when its runner runs: every `import()` below is a bundle of its
 * own (bin/build.mjs), so a vitest run never compiles the cargo or pytest parsers (the test-run
 * bundle was 205 KB with all of them). Import a runner's parser from its own file (./jest.js).
 */
import { RUNNERS } from '../config/schema.js';
import type { RunnerAdapter, RunnerName } from './types.js';

export function isRunnerName(name: string): name is RunnerName {
  return (RUNNERS as readonly string[]).includes(name);
}

export async function getAdapter(name: RunnerName): Promise<RunnerAdapter> {
  switch (name) {
    case 'vitest':
      return (await import('./vitest.js')).vitestAdapter;
    case 'node':
      return (await import('./node.js')).nodeAdapter;
    case 'jest':
      return (await import('./jest.js')).jestAdapter;
    case 'mocha':
      return (await import('./mocha.js')).mochaAdapter;
    case 'pytest':
      return (await import('./pytest.js')).pytestAdapter;
    case 'unittest':
      return (await import('./unittest.js')).unittestAdapter;
    case 'go':
      return (await import('./go.js')).goAdapter;
    case 'cargo':
      return (await import('./cargo.js')).cargoAdapter;
    case 'command':
      return (await import('./command.js')).commandAdapter;
    case 'rspec':
      return (await import('./rspec.js')).rspecAdapter;
    case 'minitest':
      return (await import('./minitest.js')).minitestAdapter;
    case 'maven':
      return (await import('./maven.js')).mavenAdapter;
    case 'gradle':
      return (await import('./gradle.js')).gradleAdapter;
    case 'phpunit':
      return (await import('./phpunit.js')).phpunitAdapter;
  }
}

export type { BuildArgvInput, BuiltCommand, IsProjectImport, ParseInput, ParsedRun, RunnerAdapter, RunnerName } from './types.js';

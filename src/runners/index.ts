/**
 * Runner adapters: pure argv builders and report parsers, one file per runner. The run itself
 * (processes, temp dirs, report files) is `runTests` in ./run.ts, imported lazily by the shell.
 */
import { cargoAdapter } from './cargo.js';
import { commandAdapter } from './command.js';
import { goAdapter } from './go.js';
import { jestAdapter } from './jest.js';
import { mochaAdapter } from './mocha.js';
import { nodeAdapter } from './node.js';
import { pytestAdapter } from './pytest.js';
import type { RunnerAdapter, RunnerName } from './types.js';
import { unittestAdapter } from './unittest.js';
import { vitestAdapter } from './vitest.js';

const ADAPTERS: Record<RunnerName, RunnerAdapter> = {
  vitest: vitestAdapter,
  node: nodeAdapter,
  jest: jestAdapter,
  mocha: mochaAdapter,
  pytest: pytestAdapter,
  unittest: unittestAdapter,
  go: goAdapter,
  cargo: cargoAdapter,
  command: commandAdapter,
};

export function isRunnerName(name: string): name is RunnerName {
  return Object.hasOwn(ADAPTERS, name);
}

export function getAdapter(name: RunnerName): RunnerAdapter {
  return ADAPTERS[name];
}

export { classifyLoadError, classifyThrown, isMissingProjectSymbol } from './classify.js';
export { parseJestReport, buildJestArgv } from './jest.js';
export { parseMochaReport, buildMochaArgv } from './mocha.js';
export { parseNodeReport, buildNodeArgv } from './node.js';
export { parsePytestReport, buildPytestArgv } from './pytest.js';
export { parseVitestReport, buildVitestArgv } from './vitest.js';
export type { BuildArgvInput, BuiltCommand, IsProjectImport, ParseInput, ParsedRun, RunnerAdapter, RunnerName } from './types.js';

/** Which git objects the configuration is read from. Pure: hooks/shim.sh asks for the same ones. */
import { ALL_RUNNER_FILES } from './runner-tests/files.js';
import { CONFIG_FILES } from './schema.js';

/** The configuration files, then package.json (runner detection, `package.json#tdd`). */
export const CONFIG_NAMES: readonly string[] = [...CONFIG_FILES, 'package.json'];

/**
 * The objects loadConfig reads: the configuration files at `head` (the index when unborn), then in
 * the index, then the files a runner at the top reads its test files from (.mocharc.yml,
 * pyproject.toml…) in the index: what the run will see.
 */
export function configObjectNames(head: string | null): string[] {
  const base = head ? `${head}:` : ':';
  return [...CONFIG_NAMES.map((n) => base + n), ...CONFIG_NAMES.map((n) => `:${n}`), ...ALL_RUNNER_FILES.map((n) => `:${n}`)];
}

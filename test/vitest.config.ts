import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  test: {
    root,
    include: ['test/**/*.test.ts'],
    exclude: ['test/fixtures/**', 'node_modules/**'],
    env: { NO_COLOR: '1' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time even on two cores (vitest's default there is one): the integration tests
    // wait on git and the runners more than they compute, and they are written to hold under load
    // (they wait on events, not on time). 466 s one at a time, ~300 s two at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

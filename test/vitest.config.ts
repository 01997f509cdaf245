import { defineConfig } from 'vitest/config';
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
  },
});

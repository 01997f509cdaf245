import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The suite's repositories never reach the network (npm runs --offline there): without NODE_EXTRA_CA_CERTS (some
// machines set it) node does not read and parse a CA bundle at each of the thousands of starts in
// the suite (the workers, and every process they spawn with process.env): ~35 ms of CPU each.
// The few installs that may reach the registry get it back (networkEnv in test/helpers/repo.ts).
if (process.env.NODE_EXTRA_CA_CERTS) process.env.SUITE_NODE_EXTRA_CA_CERTS = process.env.NODE_EXTRA_CA_CERTS;
delete process.env.NODE_EXTRA_CA_CERTS;

export default defineConfig({
  test: {
    root,
    exclude: ['test/fixtures/**', 'node_modules/**'],
    // The machine's pytest plugins (hypothesis, pytest-benchmark) cost ~1 CPU-s at each of the
    // suite's hundreds of pytest starts: off here, on in the pytest adapter's own cases that load them.
    env: { NO_COLOR: '1', PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' },
    // A safety net for a hung test, never a measure: every wait in the suite is on an event, and a
    // real-commit case that takes 40 s on a quiet machine takes 2–3× that beside two CPU hogs.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // One file more than the cores (vitest's default on two is one): the integration tests wait on git
    // and the runners more than they compute, and they hold under load (they wait on events, not on
    // time). On two cores: 466 s of vitest one at a time, then ~300 s two at a time (an older, smaller
    // suite); today two at a time kept 1.4 of the 2 cores busy (933 CPU-s in 661 s), so three.
    maxWorkers: availableParallelism() + 1,
    // STYLE §10: `npm test` runs all three; `npm run test:unit` (--project unit) only the first.
    projects: [
      {
        extends: true,
        // Literal inputs → codes, no processes: the files share one module cache (isolate: false),
        // which takes the layer from ~25 s to ~9 s here (most of it was importing src/ afresh per file).
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], isolate: false },
      },
      // Real temporary git repositories, real runners, through the library and the built CLI (dist/).
      // One module cache per worker too (isolate: false): no file changes process state (env, cwd,
      // mocks), and importing src/ afresh for each of ~150 files cost about a second a file.
      { extends: true, test: { name: 'integration', include: ['test/integration/**/*.test.ts'], isolate: false } },
      // The packed package installed in fresh projects, real `git commit`, a real browser.
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], globalSetup: ['test/e2e/pack-setup.ts'] } },
    ],
  },
});

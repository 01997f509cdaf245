/**
 * The demo's snapshot cycle (vitest): RED with `toMatchSnapshot()` on a function that does not
 * exist yet; GREEN without the snapshot is told it is missing; the snapshot the user's own run
 * writes goes in with the implementation; a REFACTOR that rewrites it is refused. Needs vitest
 * installed where the demo runs (this repository has it; a project that installed tdd-hooks may not).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DemoStep } from './demo-steps.js';

const TEST = `import { expect, it } from 'vitest';
import { slugify } from '../src/slug.js';

it('slugifies a title', () => {
  expect(slugify('Hello World, again')).toMatchSnapshot();
});
`;

const IMPL = `export function slugify(text) {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).join('-');
}
`;

const SNAP = 'test/__snapshots__/slug.test.js.snap';

/** The folder holding vitest (a node_modules), searched from each start upwards; undefined when none. */
export function findVitestModules(starts: string[]): string | undefined {
  for (const start of starts) {
    for (let d = start; ; d = dirname(d)) {
      if (existsSync(join(d, 'node_modules', 'vitest', 'vitest.mjs'))) return join(d, 'node_modules');
      if (dirname(d) === d) break;
    }
  }
  return undefined;
}

/** What the snapshot project holds before install (which reads its runner from package.json). */
export const SNAPSHOT_PROJECT = {
  'package.json': JSON.stringify({ name: 'slug-snapshots', type: 'module', devDependencies: { vitest: '*' } }, null, 2) + '\n',
  '.gitignore': 'node_modules\n',
};

export function snapshotSteps(vitest: string): DemoStep[] {
  return [
    {
      title: 'Snapshots — the setup commit of a vitest project',
      stage: ['package.json', '.gitignore', '.tddrc.json'],
      message: 'chore: add tdd-hooks',
      expect: 'accepted',
      code: 'SETUP_COMMIT',
    },
    {
      title: 'Snapshots — RED: the test compares slugify() with a snapshot; slugify does not exist yet',
      phase: ['red'],
      write: { 'test/slug.test.js': TEST },
      stage: ['test/slug.test.js'],
      message: 'test: slugify, by snapshot',
      expect: 'accepted',
    },
    {
      title: 'Snapshots — GREEN without the snapshot: missing, not mismatched',
      explain: 'The hooks never write a snapshot: the one that proves GREEN must be in the commit.',
      write: { 'src/slug.js': IMPL },
      stage: ['src/slug.js'],
      message: 'feat: slugify',
      expect: 'refused',
      code: 'GREEN_SNAPSHOT_MISSING',
    },
    {
      title: 'Snapshots — GREEN: your own run writes the snapshot; it goes in with the implementation',
      explain: "A GREEN (or REFACTOR) commit may add snapshots of the task's RED tests, never change one.",
      // --no-cache: the linked node_modules is someone else's; vitest would write its results there.
      before: { show: 'npx vitest run', argv: [process.execPath, join(vitest, 'vitest', 'vitest.mjs'), 'run', '--no-cache'] },
      stage: ['src/slug.js', SNAP],
      message: 'feat: slugify',
      expect: 'accepted',
      code: 'SNAPSHOTS_ADDED',
    },
    {
      title: 'Cheat: REFACTOR that rewrites the stored snapshot to match new output',
      rewrite: { path: SNAP, from: 'hello-world-again', to: 'hello_world_again' },
      stage: [SNAP],
      message: 'refactor: slugify',
      expect: 'refused',
      code: 'TESTS_CHANGED',
      restore: [SNAP],
    },
  ];
}

/** The recorded hook payloads of test/fixtures/agents, with `$REPO` made a real folder. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './repo.js';

export const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'agents');

/** The payload text as the agent writes it on stdin; `repo` replaces `$REPO` (JSON-escaped). */
export function payload(agent: string, name: string, repo = '/repo'): string {
  const escaped = JSON.stringify(repo).slice(1, -1);
  return readFileSync(join(FIXTURES, agent, `${name}.json`), 'utf8').replaceAll('$REPO', escaped);
}

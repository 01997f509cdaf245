import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLedger } from '../../../src/budget/ledger.js';
import { PROJECT_ROOT } from '../../helpers/repo.js';

const TASK = { red: 1, green: 0, startedAt: '2025-03-01T10:00:00.000Z', history: [{ phase: 'red', at: '2025-03-01T10:00:00.000Z', batch: false }] };

describe('parseLedger', () => {
  it('accepts a ledger and copies only what it knows', () => {
    const parsed = parseLedger({ version: 1, tasks: { '12': { ...TASK, extra: 1 } } });
    expect(parsed).toEqual({ ledger: { version: 1, tasks: { '12': TASK } } });
  });

  it('keeps a task named __proto__ as a plain key', () => {
    const parsed = parseLedger(JSON.parse(`{"version":1,"tasks":{"__proto__":${JSON.stringify(TASK)}}}`));
    expect('ledger' in parsed && Object.hasOwn(parsed.ledger.tasks, '__proto__')).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['not an object', [], '(root)'],
    ['another version', { version: 2, tasks: {} }, 'version'],
    ['no tasks', { version: 1 }, 'tasks'],
    ['a negative count', { version: 1, tasks: { '1': { ...TASK, red: -1 } } }, 'tasks.1.red'],
    ['a fractional count', { version: 1, tasks: { '1': { ...TASK, green: 1.5 } } }, 'tasks.1.green'],
    ['a bad start time', { version: 1, tasks: { '1': { ...TASK, startedAt: 'soon' } } }, 'tasks.1.startedAt'],
    ['a bad history entry', { version: 1, tasks: { '1': { ...TASK, history: [{ phase: 'refactor', at: TASK.startedAt, batch: false }] } } }, 'tasks.1.history'],
  ])('refuses %s, naming where', (_name, value, where) => {
    const parsed = parseLedger(value);
    expect('problem' in parsed && parsed.problem.startsWith(`${where}:`)).toBe(true);
  });
});

describe('src/budget purity (STYLE §1)', () => {
  const DIR = join(PROJECT_ROOT, 'src', 'budget');
  const IO_IMPORT =
    /^import(?!\s+type\b)[^;]*?from\s+'(node:(?:fs|fs\/promises|child_process|os|net|http)|\.\.\/(?:git|verify|state|config|cli|install)\/[^']*)'/gm;
  it('the check sees the I/O imports of the shell (state/attempts.ts)', () => {
    expect([...readFileSync(join(PROJECT_ROOT, 'src', 'state', 'attempts.ts'), 'utf8').matchAll(IO_IMPORT)].length).toBeGreaterThan(0);
  });
  it.each(readdirSync(DIR).filter((f) => f.endsWith('.ts')))('%s imports no I/O module', (file) => {
    expect([...readFileSync(join(DIR, file), 'utf8').matchAll(IO_IMPORT)].map((m) => m[1])).toEqual([]);
  });
});

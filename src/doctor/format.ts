/** Doctor's results → the text it prints and its JSON. Pure; colour is a flag. */
import { paint } from '../report/format.js';
import { formatMessage } from './messages.js';
import type { CheckResult, CheckStatus, LayoutFacts } from './types.js';

type Where = Pick<LayoutFacts, 'cwd' | 'top'>;

const MARK: Record<CheckStatus, [string, 'green' | 'yellow' | 'red']> = { ok: ['✓', 'green'], warn: ['!', 'yellow'], fail: ['✗', 'red'] };

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export function formatDoctorText(results: readonly CheckResult[], where: Where, color: boolean): string {
  const fails = results.filter((r) => r.status === 'fail').length;
  const warns = results.filter((r) => r.status === 'warn').length;
  const head = fails ? plural(fails, 'problem') : 'healthy';
  const lines = [`tdd doctor: ${head}${warns ? `, ${plural(warns, 'warning')}` : ''} (${where.top})`];
  const width = Math.max(...results.map((r) => r.id.length));
  const given = new Map<string, string>();
  for (const r of results) {
    const [mark, style] = MARK[r.status];
    lines.push(`  ${paint(color, style, mark)} ${r.id.padEnd(width)}  ${formatMessage(r, where)}`);
    if (r.fix === undefined) continue;
    // The same command for several checks (a missing .husky/_ fails every hook): said once.
    const first = given.get(r.fix);
    lines.push(`    ${' '.repeat(width)}  ${paint(color, 'cyan', 'fix:')} ${first ? `the same as ${first}` : r.fix}`);
    if (!first) given.set(r.fix, r.id);
  }
  if (fails) lines.push('next: run each fix above, then tdd doctor again');
  return lines.join('\n');
}

export function doctorJson(results: readonly CheckResult[], where: Where): Record<string, unknown> {
  return {
    healthy: !results.some((r) => r.status === 'fail'),
    top: where.top,
    checks: results.map((r) => ({
      id: r.id,
      status: r.status,
      code: r.code,
      message: formatMessage(r, where),
      ...(r.fix === undefined ? {} : { fix: r.fix }),
      data: r.data,
    })),
  };
}

import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readHistory, type HistoryCommit } from '../../audit/history.js';
import { TddError, usageError } from '../../errors.js';
import { readDefaultBaseName } from '../../git/history.js';
import { readRepoContext, type RepoContext } from '../../git/queries.js';
import { parseEventLog, type EventLog } from '../../report/events.js';
import { assembleReport } from '../../report/model.js';
import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';

const help = `Usage: tdd report [RANGE] [--all] [--md|--html] [--out FILE] [--json]

Per task (titled from the plan), the RED → GREEN → REFACTOR commits as traffic lights, with the
refused attempts between them (each code with its file and words; a warning is no refusal): time
in red (a task's total: first RED commit to first GREEN, over its cycles), time to green (its first
cycle, from \`tdd phase red\`, a refused attempt or the attempts clock), tests added, attempts, off
commits and terminal states (regression, false-fail); then a summary across tasks (medians per
cycle). A commit that changes code without TDD trailers once the hooks are in use (made past them)
is a red banner at the top.
  RANGE        git revisions, e.g. origin/main..HEAD. Default: the branch's upstream to HEAD,
               else origin/HEAD to HEAD
  --all        the whole history of HEAD
  --md         Markdown (a pull request comment, $GITHUB_STEP_SUMMARY)
  --html       one self-contained page: inline style, no network, no external assets
  --json       the report as data
  --out FILE   write the report to FILE instead of standard output
Refused attempts come from the local event log ($(git rev-parse --git-path tdd)/events.jsonl);
a fresh clone (CI) has none and shows what the history holds. Times are UTC.`;

type Format = 'text' | 'md' | 'html' | 'json';

interface Range {
  label: string;
  revisions: string[];
}

async function readRange(repo: RepoContext, positional: string | undefined, all: boolean): Promise<Range> {
  if (positional !== undefined && all) throw usageError('give a RANGE or --all, not both');
  if (all) return { label: 'HEAD (all history)', revisions: ['HEAD'] };
  if (positional !== undefined) {
    if (positional.startsWith('-') || positional.trim() === '') throw usageError(`invalid range "${positional}"`, 'e.g. tdd report origin/main..HEAD');
    return { label: positional, revisions: [positional] };
  }
  const base = await readDefaultBaseName(repo);
  if (!base) {
    throw new TddError('NO_RANGE', 'no range to report: this branch has no upstream, and there is no origin/HEAD', 2, {
      hint: 'name one (tdd report main..HEAD), or `tdd report --all` for the whole history',
    });
  }
  return { label: `${base}..HEAD`, revisions: [`${base}..HEAD`] };
}

/** events.jsonl, or undefined when this clone has none (or it cannot be read). */
async function readEventLog(stateDir: string): Promise<EventLog | undefined> {
  try {
    return parseEventLog(await readFile(join(stateDir, 'events.jsonl'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The project's test and ignore globs (the committed configuration, else the defaults), and the plan's task titles. */
async function readProjectRules(
  repo: RepoContext,
): Promise<{ isTestPath: (path: string) => boolean; isIgnoredPath: (path: string) => boolean; titles: Map<string, string> }> {
  const [{ loadConfig }, { makeClassifier }, { DEFAULTS }, { readTaskPlan }] = await Promise.all([
    import('../../config/load.js'),
    import('../../snapshot/classify.js'),
    import('../../config/schema.js'),
    import('../../config/plan.js'),
  ]);
  const config = await loadConfig(repo).then(
    (l) => l.config,
    () => DEFAULTS,
  );
  const classify = makeClassifier(config);
  // A plan that cannot be read leaves the tasks by their ids.
  const plan = await readTaskPlan(repo.top, config).catch(() => undefined);
  const titles = new Map((plan?.tasks ?? []).flatMap((t) => (t.title ? [[t.id, t.title] as [string, string]] : [])));
  return { isTestPath: (path) => classify(path) === 'test', isIgnoredPath: (path) => classify(path) === 'ignored', titles };
}

async function render(format: Format, report: ReturnType<typeof assembleReport>, color: boolean): Promise<string> {
  if (format === 'json') return JSON.stringify(report, null, 2) + '\n';
  if (format === 'md') return (await import('../../report/render-md.js')).formatReportMarkdown(report);
  if (format === 'html') return (await import('../../report/render-html.js')).formatReportHtml(report);
  return (await import('../../report/render-text.js')).formatReportText(report, color) + '\n';
}

const OPTIONS = { options: { all: { type: 'boolean' }, md: { type: 'boolean' }, html: { type: 'boolean' }, out: { type: 'string' } }, positionals: 1 } as const;

const report: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { values, positionals } = argsOf(ctx, 'report', OPTIONS);
    if (values.md && values.html) throw usageError('choose one of --md and --html');
    if (ctx.json && (values.md || values.html) && values.out === undefined) {
      throw usageError('--json prints the report as data', `add --out FILE to write the ${values.md ? 'Markdown' : 'HTML'} report and print where it went`);
    }
    if (values.out !== undefined && values.out.trim() === '') throw usageError('--out needs a file name');
    const format: Format = values.html ? 'html' : values.md ? 'md' : ctx.json ? 'json' : 'text';
    const repo = await readRepoContext(ctx.cwd, ctx.env);
    const range = repo.head ? await readRange(repo, positionals[0], Boolean(values.all)) : { label: '(no commits yet)', revisions: [] };
    const [commits, eventLog, rules]: [HistoryCommit[], EventLog | undefined, Awaited<ReturnType<typeof readProjectRules>>] = await Promise.all([
      range.revisions.length ? readHistory(repo, range.revisions) : Promise.resolve([]),
      readEventLog(repo.stateDir),
      readProjectRules(repo),
    ]);
    // Refused attempts after the last commit are work in progress on top of HEAD.
    const includeOpen = commits.length === 0 ? positionals[0] === undefined : commits[0]!.sha === repo.head;
    const model = assembleReport({ commits, range, includeOpen, ...rules, now: new Date().toISOString(), ...(eventLog ? { eventLog } : {}) });
    const lights = model.tasks.reduce((n, t) => n + t.lights.length, 0);
    if (values.out === undefined) {
      return { exitCode: 0, text: await render(format, model, ctx.color), json: model as unknown as Record<string, unknown> };
    }
    const out = resolve(ctx.cwd, values.out);
    await writeFile(out, await render(format, model, false)).catch((e: Error) => {
      throw new TddError('REPORT_UNWRITABLE', `could not write ${out}: ${e.message}`, 2, { hint: 'choose a writable --out path', cause: e });
    });
    const what = { text: 'report', md: 'Markdown report', html: 'HTML report', json: 'JSON report' }[format];
    return {
      exitCode: 0,
      text: `wrote the ${what} of ${range.label} to ${out} (${model.summary.tasks} task${model.summary.tasks === 1 ? '' : 's'}, ${lights} light${lights === 1 ? '' : 's'})`,
      json: { out, format, range: model.range, summary: model.summary },
    };
  },
};
export default report;

/**
 * The report's seal for vitest (runners/seal.ts): a reporter of ours, passed after vitest's JSON
 * one (`--reporter=<abs>/dist/runners/vitest-seal.js`), so it runs in vitest's main process — the
 * project's tests run in its workers. At init it wraps the JSON reporter's `writeReport(text)`:
 * once vitest has written the report, the SHA-256 of exactly that text goes to stderr as
 * `tdd-hooks-seal <sha256>`. A report rewritten afterwards (a process a test left behind) no longer
 * matches. Only the JSON reporter that writes the report named by TDD_HOOKS_SEAL_REPORT is sealed;
 * without that variable the reporter does nothing. It imports nothing but node's own modules and
 * never throws into vitest.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

interface JsonLike {
  writeReport?: (report: string) => Promise<void>;
  options?: { outputFile?: unknown };
}

interface VitestLike {
  reporters?: unknown[];
  config?: { root?: string; outputFile?: unknown };
}

function outputOf(r: JsonLike, ctx: VitestLike): string | undefined {
  const own = r.options?.outputFile;
  const conf = ctx.config?.outputFile;
  const out = own ?? (typeof conf === 'string' ? conf : (conf as Record<string, unknown> | undefined)?.json);
  return typeof out === 'string' ? resolve(ctx.config?.root ?? process.cwd(), out) : undefined;
}

export default class TddHooksVitestSeal {
  onInit(ctx: VitestLike): void {
    const target = process.env.TDD_HOOKS_SEAL_REPORT;
    if (!target) return;
    for (const r of (ctx.reporters ?? []) as JsonLike[]) {
      const write = r.writeReport;
      if (typeof write !== 'function' || outputOf(r, ctx) !== resolve(target)) continue;
      r.writeReport = async function (this: unknown, report: string): Promise<void> {
        await write.call(this, report);
        process.stderr.write(`\ntdd-hooks-seal ${createHash('sha256').update(report, 'utf8').digest('hex')}\n`);
      };
    }
  }
}

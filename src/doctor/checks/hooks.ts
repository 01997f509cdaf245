/**
 * hook-<name>: the file git runs for each hook is there, executable, and ours — our shim in a
 * plain hooks folder; with husky, husky's stub, which runs the tracked `.husky/<name>` holding our
 * block. Git skips a non-executable hook with a hint and lets the commit through (catalogue
 * §5.65); a hook manager installed later may have replaced our shim (§5.69).
 */
import { join } from 'node:path';
import { findBlocks } from '../../install/block.js';
import { CHAIN_SUFFIX, classifyHookOwner, isTddShim, shQuote } from '../../install/shim.js';
import { findTestLines } from '../../install/test-line.js';
import { arg, huskySetup, installFix, shown, TDD_INSTALL } from '../fixes.js';
import { callsTddHook } from '../../install/shim.js';
import type { CheckId, CheckResult, CheckVerdict, DoctorFacts, FileFact, HookFacts } from '../types.js';

type Result = CheckVerdict;

const chmod = (f: DoctorFacts, path: string): string => `chmod +x ${arg(f.layout, path)}`;

function checkShimHook(f: DoctorFacts, h: HookFacts): Result {
  const l = f.layout;
  const path = join(l.hooksDir, h.hook);
  const stranded = h.stranded ? { stranded: h.stranded } : {};
  if (l.hooksDirKind !== 'dir') return { status: 'fail', code: 'HOOK_NOT_REACHED', data: { path, hooksDir: l.hooksDir }, fix: installFix(l) };
  const run = h.run;
  if (run.kind === 'absent') return { status: 'fail', code: 'HOOK_MISSING', data: { path, ...stranded }, fix: installFix(l) };
  if (run.kind === 'other') {
    const aside = `mv ${arg(l, path)} ${shQuote(shown(l, path) + '.bak')}`;
    return { status: 'fail', code: 'HOOK_NOT_A_FILE', data: { path }, fix: `${aside} && ${installFix(l)}` };
  }
  const ours = isTddShim(run.content);
  if (!ours && !callsTddHook(run.content, h.hook)) {
    const owner = classifyHookOwner(run.content);
    // install keeps a foreign hook under CHAIN_SUFFIX; when another one is there already it refuses.
    const conflict = h.chained.kind === 'file' && h.chained.content !== run.content;
    const data = { path, owner, ...stranded, ...(conflict ? { chained: path + CHAIN_SUFFIX } : {}) };
    return { status: 'fail', code: 'HOOK_FOREIGN', data, ...(conflict ? {} : { fix: installFix(l) }) };
  }
  if (!run.executable) return { status: 'fail', code: 'HOOK_NOT_EXECUTABLE', data: { path, mode: run.mode }, fix: chmod(f, path) };
  if (ours && h.chained.kind === 'file' && !h.chained.executable) {
    const chained = path + CHAIN_SUFFIX;
    return { status: 'warn', code: 'HOOK_CHAINED_NOT_EXECUTABLE', data: { path, chained }, fix: chmod(f, chained) };
  }
  return { status: 'ok', code: ours ? 'HOOK_OK' : 'HOOK_CALLS_TDD', data: { path } };
}

function blockProblem(f: DoctorFacts, h: HookFacts, script: string): Result | null {
  const s: FileFact = h.script ?? { kind: 'absent' };
  const stranded = h.stranded ? { stranded: h.stranded } : {};
  if (s.kind !== 'file') return { status: 'fail', code: 'HUSKY_BLOCK_MISSING', data: { script, ...stranded }, fix: installAndStage(f, script) };
  const scan = findBlocks(s.content);
  if (!scan.ok) return { status: 'fail', code: 'HUSKY_BLOCK_MALFORMED', data: { script, line: scan.line, problem: scan.problem } };
  if (scan.blocks.length === 0) return { status: 'fail', code: 'HUSKY_BLOCK_MISSING', data: { script, ...stranded }, fix: installAndStage(f, script) };
  const [test] = findTestLines(s.content);
  if (test)
    return {
      status: 'fail',
      code: 'HUSKY_TEST_LINE',
      data: { script, line: test.line, text: test.text.trim() },
      fix: `${TDD_INSTALL} --replace-test-line && git add ${arg(f.layout, script)}`,
    };
  return null;
}

/** The block lives in a tracked file: commit it, or the next clone has no hook. */
function installAndStage(f: DoctorFacts, script: string): string {
  return `${installFix(f.layout)} && git add ${arg(f.layout, script)}`;
}

function checkHuskyHook(f: DoctorFacts, h: HookFacts, huskyDir: string): Result {
  const l = f.layout;
  const script = join(huskyDir, h.hook);
  const block = blockProblem(f, h, script);
  if (block) return block;
  const setup = huskySetup(l, f.project);
  if (l.hooksDir === l.defaultHooksDir || l.hooksDirKind !== 'dir') {
    return { status: 'fail', code: 'HOOK_NOT_REACHED', data: { path: script, hooksDir: l.hooksDir, husky: true }, fix: setup };
  }
  const path = join(l.hooksDir, h.hook);
  // husky ≤ 8 (core.hooksPath=.husky): git runs the script itself. husky 9: a stub in .husky/_ runs it with sh.
  if (h.run.kind !== 'file') return { status: 'fail', code: 'HUSKY_STUB_MISSING', data: { path, script }, fix: setup };
  if (!h.run.executable) return { status: 'fail', code: 'HOOK_NOT_EXECUTABLE', data: { path, mode: h.run.mode }, fix: chmod(f, path) };
  return { status: 'ok', code: 'HOOK_OK', data: { path, script } };
}

export function checkHooks(f: DoctorFacts): CheckResult[] {
  return f.hooks.map((h) => {
    const id: CheckId = `hook-${h.hook}`;
    const huskyDir = f.layout.huskyDir;
    return { id, ...(huskyDir ? checkHuskyHook(f, h, huskyDir) : checkShimHook(f, h)) };
  });
}

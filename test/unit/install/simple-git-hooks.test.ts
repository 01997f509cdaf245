import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planSgh, planSghRemoval, readSghSource, sghLine, type SghSource } from '../../../src/install/simple-git-hooks.js';

const CLI = 'node_modules/tdd-hooks/bin/tdd.js';
const pkg = (config: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'x', devDependencies: { 'simple-git-hooks': '2' }, 'simple-git-hooks': config, ...extra }, null, 2) + '\n';
const dir = mkdtempSync(join(tmpdir(), 'tdd-sgh-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const source = (config: Record<string, unknown>): SghSource => ({ file: 'package.json', kind: 'package', config, text: pkg(config) });

describe('simple-git-hooks: our line in its configuration', () => {
  it('after the user’s command with &&, or alone; a command ending in ; keeps its meaning', () => {
    const plan = planSgh(source({ 'pre-commit': 'pnpm lint-staged && pnpm check', 'commit-msg': 'node verify.js;', preserveUnused: true }), CLI);
    expect(plan.action).toBe('updated');
    const config = (JSON.parse(plan.text!) as Record<string, Record<string, unknown>>)['simple-git-hooks']!;
    expect(config['pre-commit']).toBe(`pnpm lint-staged && pnpm check && ${sghLine('pre-commit', CLI)}`);
    expect(config['commit-msg']).toBe(`node verify.js;\n${sghLine('commit-msg', CLI)}`);
    expect(config['post-commit']).toBe(sghLine('post-commit', CLI));
    expect(config.preserveUnused).toBe(true);
    // Idempotent, and removal gives the user's configuration back.
    const again = planSgh({ ...source(config), text: plan.text }, CLI);
    expect(again.action).toBe('unchanged');
    const removed = planSghRemoval({ ...source(config), text: plan.text });
    expect(JSON.parse(removed!.text)['simple-git-hooks']).toEqual({
      'pre-commit': 'pnpm lint-staged && pnpm check',
      'commit-msg': 'node verify.js;',
      preserveUnused: true,
    });
  });

  it('a CLI path with a space is quoted, and still taken out', () => {
    const plan = planSgh(source({}), 'my tools/tdd.js');
    const config = (JSON.parse(plan.text!) as Record<string, Record<string, string>>)['simple-git-hooks']!;
    expect(config['pre-commit']).toContain(`[ -f 'my tools/tdd.js' ]`);
    expect(config['pre-commit']).toContain(`node 'my tools/tdd.js' hook pre-commit "$@"`);
    expect(JSON.parse(planSghRemoval({ ...source(config), text: plan.text })!.text)['simple-git-hooks']).toEqual({});
  });

  it('our line as an older install wrote it (no braces: a failing user command ran tdd-hooks) is written again; uninstall takes either out', () => {
    const old = `pnpm check && [ "\${TDD_HOOKS-}" = 0 ] || node ${CLI} hook pre-commit "$@"`;
    const plan = planSgh(source({ 'pre-commit': old }), CLI);
    expect(plan.hooks).toContain('pre-commit');
    const config = (JSON.parse(plan.text!) as Record<string, Record<string, string>>)['simple-git-hooks']!;
    expect(config['pre-commit']).toBe(`pnpm check && ${sghLine('pre-commit', CLI)}`);
    expect(JSON.parse(planSghRemoval(source({ 'pre-commit': old }))!.text)['simple-git-hooks']).toEqual({ 'pre-commit': 'pnpm check' });
    // A call of our CLI the user wrote is theirs: left as it is.
    expect(planSgh(source({ 'pre-commit': 'npx tdd hook pre-commit', 'commit-msg': 'x', 'post-commit': 'y' }), CLI).hooks).toEqual([
      'commit-msg',
      'post-commit',
    ]);
  });

  // What simple-git-hooks writes runs in sh: the line itself, run there.
  const sh = (script: string, env: Record<string, string> = {}) =>
    spawnSync('sh', ['-c', script, 'hook'], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } });
  it('in sh: a missing CLI is our message and exit 127, not node’s "Cannot find module"; a failing user command stops the hook', () => {
    const missing = sh(`true; ${sghLine('pre-commit', 'node_modules/tdd-hooks/bin/none.js')}`);
    expect(missing.status).toBe(127);
    expect(missing.stderr).toMatch(/^tdd-hooks: cannot find node_modules\/tdd-hooks\/bin\/none\.js \(run npm install\)/m);
    expect(missing.stderr).not.toMatch(/Cannot find module/);
    expect(sh(sghLine('pre-commit', 'node_modules/tdd-hooks/bin/none.js'), { TDD_HOOKS: '0' }).status).toBe(0);
    writeFileSync(join(dir, 'cli.js'), 'process.exit(0);\n');
    // Joined after the user's command with &&, as planSgh joins it: the user's failure is the hook's.
    expect(sh(`false && ${sghLine('pre-commit', 'cli.js')}`).status).toBe(1);
    expect(sh(`true && ${sghLine('pre-commit', 'cli.js')}`).status).toBe(0);
  });

  it('reads the configuration simple-git-hooks would: code first (not edited), then JSON, then package.json', () => {
    writeFileSync(join(dir, 'package.json'), pkg({ 'pre-commit': 'a' }));
    expect(readSghSource(dir)).toMatchObject({ file: 'package.json', kind: 'package' });
    writeFileSync(join(dir, '.simple-git-hooks.json'), '{ "pre-commit": "b" }\n');
    expect(readSghSource(dir)).toMatchObject({ file: '.simple-git-hooks.json', kind: 'json', config: { 'pre-commit': 'b' } });
    writeFileSync(join(dir, '.simple-git-hooks.cjs'), 'module.exports = { "pre-commit": "c" };\n');
    expect(readSghSource(dir)).toMatchObject({ file: '.simple-git-hooks.cjs', kind: 'code' });
    expect(planSgh(readSghSource(dir)!, CLI)).toMatchObject({ action: 'code', hooks: [] });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'no-sgh' }));
    expect(readSghSource(dir)).toBeNull();
  });
});

/**
 * The published package: what `npm pack` puts in the tarball is what runs and the types, nothing
 * else; no script runs when someone installs it; a LICENSE ships; the types compile in a consumer.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TEMPLATES, NODE_LEAK_GUARD, NODE_REPORTER, PACKAGE_BIN, PYTHON_SITE, UNITTEST_SHIM } from '../../src/paths.js';
import { sharedPack, type Packed } from '../helpers/pack.js';
import { PROJECT_ROOT } from '../helpers/repo.js';

let packed: Packed;
let unpacked: string;
let paths: Set<string>;
let shipped: Record<string, unknown>;

beforeAll(() => {
  packed = sharedPack();
  paths = new Set(packed.files.map((f) => f.path));
  // The tarball, laid out as an installed package, for the consumer's type check.
  unpacked = mkdtempSync(join(tmpdir(), 'tdd-packed-'));
  const pkg = join(unpacked, 'node_modules', 'tdd-hooks');
  mkdirSync(pkg, { recursive: true });
  execFileSync('tar', ['-xzf', packed.tarball, '-C', pkg, '--strip-components=1']);
  shipped = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as Record<string, unknown>;
});
afterAll(() => {
  rmSync(unpacked, { recursive: true, force: true });
});

/** What may ship: the bin, the bundles and the files a test run loads, the hook templates, the schema, the types. */
const ALLOWED = [
  /^(package\.json|README\.md|LICENSE|\.pre-commit-hooks\.yaml)$/,
  /^bin\/(tdd\.js|package\.json)$/,
  /^dist\/(tdd(-[a-z0-9-]+)?\.cjs|build-id|index\.js)$/,
  /^dist\/runners\/(node-reporter\.js|vitest-seal\.js|leak-guard\.cjs)$/,
  /^dist\/runners\/python\/.+\.py$/,
  // RSpec's formatter and leak guard, loaded by ruby itself (-r).
  /^dist\/runners\/ruby\/.+\.rb$/,
  // The PHP leak guard and the ini folder that prepends it (PHP_INI_SCAN_DIR), read by php itself.
  /^dist\/runners\/php\/(tdd_guard\.php|conf\.d\/tdd_guard\.ini)$/,
  // GREEN's PHP coverage: the ini folder that turns PCOV on for our run only.
  /^dist\/runners\/php\/coverage\.d\/tdd_coverage\.ini$/,
  /^dist\/.+\.d\.ts$/,
  /^hooks\/[a-z-]+\.sh$/,
  // The audit as a GitHub Action (uses: <owner>/tdd-hooks/hooks/github-action@<tag>).
  /^hooks\/github-action\/action\.yml$/,
  // The Claude Code plugin (its marketplace beside it) and the Gemini CLI extension, with their launcher.
  /^hooks\/claude-plugin\/(\.claude-plugin\/(plugin|marketplace)\.json|hooks\/(hooks\.json|tdd-guard\.sh))$/,
  /^hooks\/gemini-extension\/(gemini-extension\.json|hooks\/(hooks\.json|tdd-guard\.sh))$/,
  /^schema\/tddrc\.schema\.json$/,
];

describe('the packed tarball', () => {
  it('runs no script when installed: the shipped package.json has none; the repository builds in prepack', () => {
    expect(shipped.scripts).toBeUndefined();
    expect(shipped.license).toBe('MIT');
    expect(paths.has('LICENSE')).toBe(true);
    const repo = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(repo.scripts[hook], hook).toBeUndefined();
    expect(repo.scripts.prepack).toContain('pack-manifest.mjs strip');
    // postpack put the copy's package.json back as it was.
    expect(readFileSync(join(packed.source, 'package.json'), 'utf8')).toBe(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8'));
  });

  it('holds only what runs and the types', () => {
    const stray = [...paths].filter((p) => !ALLOWED.some((re) => re.test(p)));
    expect(stray).toEqual([]);
    // tsc's one-file-per-module output stays home: a handful of declarations, no compiled sources.
    expect([...paths].filter((p) => p.endsWith('.js') && p.startsWith('dist/') && p.split('/').length > 2 && !p.startsWith('dist/runners/'))).toEqual([]);
    // 149 before the plugin and the extension (7 files); 163 with the seal's pytest plugin, Ruby's
    // and PHP's coverage starters and the judge's chunk. A cap against junk: ALLOWED above is the list.
    expect(packed.entryCount).toBeLessThan(175);
  });

  it('holds every file the package opens at run time', () => {
    const inPackage = (abs: string) => relative(join(PROJECT_ROOT), abs).split('\\').join('/');
    for (const file of [
      PACKAGE_BIN,
      NODE_REPORTER,
      NODE_LEAK_GUARD,
      UNITTEST_SHIM,
      join(PYTHON_SITE, 'sitecustomize.py'),
      join(HOOK_TEMPLATES, 'shim.sh'),
      join(HOOK_TEMPLATES, 'husky-block.sh'),
      // What the agents load: the plugin's and the extension's manifests, hooks and launcher.
      ...['.claude-plugin/plugin.json', '.claude-plugin/marketplace.json', 'hooks/hooks.json', 'hooks/tdd-guard.sh'].map((f) =>
        join(HOOK_TEMPLATES, 'claude-plugin', f),
      ),
      ...['gemini-extension.json', 'hooks/hooks.json', 'hooks/tdd-guard.sh'].map((f) => join(HOOK_TEMPLATES, 'gemini-extension', f)),
    ]) {
      expect(paths, inPackage(file)).toContain(inPackage(file));
    }
    // Every chunk a bundle requires (./tdd-*.cjs) ships.
    for (const p of [...paths].filter((f) => f.endsWith('.cjs'))) {
      for (const [, chunk] of readFileSync(join(packed.source, p), 'utf8').matchAll(/require\("\.\/(tdd-[a-z0-9-]+\.cjs)"\)/g))
        expect(paths, `${p} → ${chunk}`).toContain(`dist/${chunk}`);
    }
  });

  it('holds every declaration the types reach', () => {
    for (const p of [...paths].filter((f) => f.endsWith('.d.ts'))) {
      for (const [, spec] of readFileSync(join(packed.source, p), 'utf8').matchAll(/(?:from\s+|import\()['"](\.{1,2}\/[^'"]+)['"]/g)) {
        expect(paths, `${p} → ${spec}`).toContain(posix.join(posix.dirname(p), spec!).replace(/\.js$/, '.d.ts'));
      }
    }
  });

  it('type-checks in a consumer that imports it', () => {
    writeFileSync(join(unpacked, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(
      join(unpacked, 'use.ts'),
      "import { evaluateGates, planWaves, validateConfig, type Finding, type PlanTask } from 'tdd-hooks';\n" +
        "const tasks: PlanTask[] = [{ id: '1', files: [], tests: [], deps: [] }];\nconst f: Finding[] = [];\nexport const out = [planWaves(tasks).waves, validateConfig({}, 'x').problems, typeof evaluateGates, f];\n",
    );
    writeFileSync(
      join(unpacked, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          types: ['node'],
          typeRoots: [join(PROJECT_ROOT, 'node_modules/@types')],
        },
        files: ['use.ts'],
      }),
    );
    const tsc = join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = (() => {
      try {
        return execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: unpacked, encoding: 'utf8', stdio: 'pipe' });
      } catch (e) {
        return (e as { stdout: string }).stdout;
      }
    })();
    expect(r.split('\n').slice(0, 5).join('\n')).toBe('');
  });
});

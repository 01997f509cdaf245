/** Manifests that send a go or cargo build into the work tree: literal text → the leaks it names. */
import { describe, expect, it } from 'vitest';
import { isWorkTreeTarget, parseCargoLeaks, parseCargoRefs, parseDepInfoPaths, parseGoLeaks, parseMavenLeaks } from '../../../src/runners/leaks.js';

const TOP = '/home/me/repo';

describe('isWorkTreeTarget', () => {
  it.each([
    ['/home/me/repo/core', true],
    ['/home/me/repo', true],
    ['/home/me/repo/./core/../lib', true],
    ['/home/me/repository/core', false],
    ['/home/me/other', false],
    ['/home/me/repo/.git/objects', false],
    ['/home/me/repo/web/node_modules/x', false],
  ])('%s → %s', (path, expected) => {
    expect(isWorkTreeTarget(TOP, path)).toBe(expected);
  });
});

describe('parseGoLeaks', () => {
  it('replace and use, single-line and block, absolute paths into the repository only', () => {
    const gomod = [
      'module example.com/app',
      '',
      'replace example.com/core => /home/me/repo/core',
      'replace example.com/util v1.2.0 => ../util // relative: stays in the copy',
      'replace example.com/ext => /opt/src/ext',
      'replace (',
      '\texample.com/a v0.1.0 => /home/me/repo/libs/a',
      '\texample.com/b => example.com/b2 v1.0.0',
      ')',
      '// replace example.com/c => /home/me/repo/c',
    ].join('\n');
    expect(parseGoLeaks('go.mod', gomod, TOP)).toEqual([
      { path: 'core', via: 'go.mod: replace example.com/core => /home/me/repo/core' },
      { path: 'libs/a', via: 'go.mod: replace example.com/a v0.1.0 => /home/me/repo/libs/a' },
    ]);
    const gowork = 'go 1.21\n\nuse (\n\t./app\n\t/home/me/repo/core\n)\nuse "/home/me/repo/tools"\n';
    expect(parseGoLeaks('go.work', gowork, TOP).map((l) => l.path)).toEqual(['core', 'tools']);
  });
});

describe('parseCargoLeaks', () => {
  it('path, paths, build and workspace values that are absolute paths into the repository', () => {
    const toml = [
      '[package]',
      'name = "app"',
      'build = "/home/me/repo/build.rs"',
      '',
      '[dependencies]',
      'core = { path = "/home/me/repo/core", version = "0.1" }',
      'util = { path = "../util" }',
      "ext = { path = '/opt/ext' }",
      '# old = { path = "/home/me/repo/old" }',
      'name2 = "path = \\"/home/me/repo/not-a-key\\""',
      '',
      '[dependencies.lib]',
      "path = '/home/me/repo/lib'",
    ].join('\n');
    expect(parseCargoLeaks('Cargo.toml', toml, TOP).map((l) => l.path)).toEqual(['build.rs', 'core', 'lib']);
    expect(parseCargoLeaks('.cargo/config.toml', 'paths = ["/home/me/repo/a", "/elsewhere/b"]\n', TOP)).toEqual([
      { path: 'a', via: '.cargo/config.toml: paths = ["/home/me/repo/a", "/elsewhere/b"]' },
    ]);
  });
});

describe('parseCargoRefs', () => {
  it('workspace members (over several lines) and relative path dependencies', () => {
    const toml =
      '[workspace]\nmembers = [\n  "crates/*",\n  \'tools/gen\',\n]\n\n[dependencies]\nshared = { path = "../shared" }\nabs = { path = "/abs" }\n\n[lib]\npath = "src/lib.rs"\n';
    expect(parseCargoRefs(toml)).toEqual({ members: ['crates/*', 'tools/gen'], paths: ['../shared'] });
  });
});

describe('parseDepInfoPaths', () => {
  it('the absolute paths a rustc dep-info file names (relative ones are inside the workspace)', () => {
    const text = [
      '/t/debug/deps/calc-1f2e.d: src/lib.rs /home/me/repo/src/imp.rs /home/me/my\\ dir/x.rs \\',
      ' /home/me/.cargo/registry/src/a.rs',
      '',
      'src/lib.rs:',
      '/home/me/repo/src/imp.rs:',
      '',
      '# env-dep:CARGO_PKG_NAME=calc',
    ].join('\n');
    expect(parseDepInfoPaths(text).sort()).toEqual([
      '/home/me/.cargo/registry/src/a.rs',
      '/home/me/my dir/x.rs',
      '/home/me/repo/src/imp.rs',
      '/t/debug/deps/calc-1f2e.d',
    ]);
  });
});

describe('parseMavenLeaks', () => {
  it('absolute paths into the repository anywhere in the build model, once each; comments, relative and outside paths are not', () => {
    const pom = [
      '<project>',
      '  <build><sourceDirectory>/home/me/repo/src/main/java</sourceDirectory>',
      '    <testSourceDirectory>${project.basedir}/src/test/java</testSourceDirectory></build>',
      '  <dependency><systemPath>/home/me/repo/lib/x.jar</systemPath></dependency>',
      '  <additionalClasspathElement>/home/me/repo/lib/x.jar</additionalClasspathElement>',
      '  <systemPath>/usr/share/java/junit4.jar</systemPath>',
      '  <!-- <sourceDirectory>/home/me/repo/old</sourceDirectory> -->',
      '  <argLine>-Dcfg=/home/me/repo/conf/</argLine>',
      '</project>',
    ].join('\n');
    expect(parseMavenLeaks('pom.xml', pom, TOP)).toEqual([
      { path: 'src/main/java', via: 'pom.xml: /home/me/repo/src/main/java' },
      { path: 'lib/x.jar', via: 'pom.xml: /home/me/repo/lib/x.jar' },
      { path: 'conf', via: 'pom.xml: /home/me/repo/conf' },
    ]);
    expect(parseMavenLeaks('.mvn/jvm.config', '-Xmx1g -Dsettings=/home/me/repo/.mvn/s.xml', TOP).map((l) => l.path)).toEqual(['.mvn/s.xml']);
    expect(parseMavenLeaks('.mvn/maven.config', '-o\n--settings=/home/me/.m2/settings.xml\n', TOP)).toEqual([]);
  });
});

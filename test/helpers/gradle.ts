/**
 * Gradle for the tests: Debian's (4.4.1, `apt-get install gradle`), its builds resolving from
 * Debian's repository (the fixtures' build.gradle names file:///usr/share/maven-repo). Its home
 * (caches, the wrapper's and the daemon's folders) is one folder under the OS temp dir shared by
 * every test file and kept between runs, never the user's ~/.gradle. The hook runs Gradle with
 * `--no-daemon`: noGradleLeft says whether any process of that home is still alive after a run.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const GRADLE_HOME = join(tmpdir(), `tdd-test-gradle-home-${process.getuid?.() ?? 0}`);

/** The environment of a test's Gradle runs: our Gradle home and a quicker JVM start. */
export function gradleTestEnv(): { GRADLE_USER_HOME: string; GRADLE_OPTS: string } {
  mkdirSync(GRADLE_HOME, { recursive: true });
  return { GRADLE_USER_HOME: GRADLE_HOME, GRADLE_OPTS: '-XX:TieredStopAtLevel=1' };
}

/** The pids of live processes whose command line names our Gradle home (a daemon left behind would). */
export function gradleProcesses(): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let line: string;
    try {
      line = readFileSync(`/proc/${name}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (line.includes(GRADLE_HOME) && /gradle/i.test(line)) out.push(Number(name));
  }
  return out;
}

/**
 * Maven for the tests, offline against Debian's repository (/usr/share/maven-repo, filled by
 * .ci/run's apt packages): a settings.xml whose mirror of every repository is that folder, found
 * through `-Duser.home` in MAVEN_OPTS (the JVM reads the passwd entry, not $HOME). The local
 * repository is one folder under the OS temp dir shared by every test file and kept between runs
 * (Maven copies what it uses out of the Debian folder once).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const DEBIAN_MAVEN_REPO = '/usr/share/maven-repo';

let home: string | undefined;

/** MAVEN_OPTS for a test's runs: our user.home (its .m2/settings.xml) and a quicker JVM start. */
export function mavenTestEnv(): { MAVEN_OPTS: string } {
  if (!home) {
    home = join(tmpdir(), `tdd-test-maven-home-${process.getuid?.() ?? 0}`);
    mkdirSync(join(home, '.m2'), { recursive: true });
    writeFileSync(
      join(home, '.m2', 'settings.xml'),
      `<settings>\n  <localRepository>${join(home, 'repository')}</localRepository>\n` +
        `  <mirrors><mirror><id>debian</id><mirrorOf>*</mirrorOf><url>file://${DEBIAN_MAVEN_REPO}</url></mirror></mirrors>\n</settings>\n`,
    );
  }
  return { MAVEN_OPTS: `-Duser.home=${home} -XX:TieredStopAtLevel=1` };
}

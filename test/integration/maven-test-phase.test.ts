/**
 * Maven: a GREEN that neuters the frozen test through a plugin of the test phases, not Surefire's
 * block: maven-resources-plugin bound to generate-test-sources copies a passing CalcTest.java over
 * the frozen one before it compiles, so a wrong implementation passes "its" test. The pom's test
 * settings include such plugins: the GREEN is refused (TEST_CONFIG_CHANGED). One repository, one
 * `it` (every Maven start is seconds).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { attemptCommit } from '../helpers/cycle.js';
import { mavenTestEnv } from '../helpers/maven.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';

const TEST_PATH = 'src/test/java/calc/CalcTest.java';
const TEST =
  'package calc;\n\nimport static org.junit.jupiter.api.Assertions.assertEquals;\n\nimport org.junit.jupiter.api.Test;\n\n' +
  'class CalcTest {\n  @Test\n  void adds() {\n    assertEquals(5, Calc.add(2, 3));\n  }\n}\n';
const WRONG = 'package calc;\n\npublic final class Calc {\n  private Calc() {}\n\n  public static int add(int a, int b) {\n    return 0;\n  }\n}\n';
const COPY_OVER =
  '<plugin><artifactId>maven-resources-plugin</artifactId><version>3.3.0</version><executions><execution><id>t</id>' +
  '<phase>generate-test-sources</phase><goals><goal>copy-resources</goal></goals><configuration>' +
  '<outputDirectory>${basedir}/src/test/java/calc</outputDirectory><overwrite>true</overwrite>' +
  '<resources><resource><directory>build-aux</directory></resource></resources></configuration></execution></executions></plugin>\n    </plugins>';

let repo: Repo | undefined;
afterAll(() => repo?.cleanup());

describe('maven, a plugin of the test phases', () => {
  it('cannot swap the frozen test for a passing one in GREEN', { timeout: 600_000 }, () => {
    const pom = readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'runners', 'maven', 'runtime', 'pom.xml'), 'utf8');
    const r = (repo = makeRepo({ 'pom.xml': pom, 'src/main/java/calc/Calc.java': 'package calc;\n\npublic final class Calc {\n  private Calc() {}\n}\n' }));
    Object.assign(r.env, mavenTestEnv());
    expect(r.tdd('install').status).toBe(0);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    expect(r.commit('skeleton').status).toBe(0);
    r.tdd('phase', 'red');
    r.write({ [TEST_PATH]: TEST });
    r.git('add', '-A');
    attemptCommit(r, 0);

    r.write({
      'pom.xml': pom.replace(/\n\s*<\/plugins>/, `\n      ${COPY_OVER}`),
      // No import of JUnit (implementation that imports a test framework is refused on its own).
      'build-aux/CalcTest.java': 'package calc;\n\nclass CalcTest {\n  @org.junit.jupiter.api.Test\n  void adds() {}\n}\n',
      'src/main/java/calc/Calc.java': WRONG,
    });
    r.git('add', '-A');
    attemptCommit(r, 1, 'TEST_CONFIG_CHANGED');
  });
});

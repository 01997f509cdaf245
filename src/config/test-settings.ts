/**
 * The test settings inside a manifest, which GREEN and REFACTOR may not change (the rest of the
 * manifest is free): package.json's test scripts and runner keys, pytest's and coverage's tables
 * of pyproject.toml and setup.cfg, cargo's `[[test]]` targets and `[workspace]` (its members'
 * tests are test files), and a vite.config's `test.include` / `test.exclude` (vitest reads its
 * test files from there when there is no vitest.config), and a pom.xml's Surefire and Failsafe
 * plugins, test source folders and skip switches, and a composer.json's test scripts and
 * `autoload-dev` (the test namespaces), and a Rakefile's `Rake::TestTask`s (minitest's test files). Pure; the hook and `tdd audit` read them
 * the same way.
 */
import { RAKE_FILES } from './runner-tests/files.js';
import { rakeSettings } from './runner-tests/rake.js';
import { scanVitestConfig } from './runner-tests/vitest.js';
import { PACKAGE_TEST_KEYS, PACKAGE_TEST_SCRIPT } from './schema.js';

/** Section headers of INI/TOML files that configure how tests run, per manifest name. */
const SECTIONS: Record<string, RegExp> = {
  'pyproject.toml': /^\[tool\.(pytest|coverage)([.\]])/,
  'setup.cfg': /^\[(tool:pytest|coverage:[^\]]*)\]/,
  'Cargo.toml': /^\[(\[test\]\]|workspace\])/,
};

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

const VITE_CONFIG = /^vite\.config\.[cm]?[jt]s$/;

/** Whether `path` is a manifest with test settings (by its name, in any folder). */
export function hasTestSettings(path: string): boolean {
  const base = baseName(path);
  return base === 'package.json' || base in SECTIONS || VITE_CONFIG.test(base) || base === 'pom.xml' || base === 'composer.json' || RAKE_FILES.includes(base);
}

/** pom.xml elements that decide which tests run and how: Surefire's and Failsafe's plugin blocks, the test sources, the skip switches, the test JVM's arguments (a `-javaagent` there can patch JUnit). */
const POM_TEST_ELEMENT =
  /<(testSourceDirectory|testResources|testOutputDirectory|skipTests|argLine|maven\.test\.[\w.]+|surefire\.[\w.]+|failsafe\.[\w.]+)>[\s\S]*?<\/\1>/g;

/**
 * A plugin that takes part in building or running the tests: bound to a phase from
 * generate-test-sources to test (an antrun or exec step after Surefire that rewrites its reports,
 * a resources copy over the test sources), or running a goal named for tests (`add-test-source`,
 * `testResources`).
 */
const TEST_PHASE_PLUGIN =
  /<phase>\s*(?:generate-test-sources|process-test-sources|generate-test-resources|process-test-resources|test-compile|process-test-classes|test)\s*<\/phase>|<goal>\s*[\w-]*test[\w-]*\s*<\/goal>/i;

/**
 * A pom's test settings, whitespace and comments aside: a GREEN that adds `<skipTests>` or an
 * `<excludes>` to Surefire changes them, and so does one that changes a plugin of the test phases
 * or a property those plugin blocks read (`<skip>${quick}</skip>`: the `<quick>` element, in
 * `<properties>` or a profile's).
 */
function pomSettings(text: string): string {
  const pom = text.replace(/<!--[\s\S]*?-->/g, '');
  const plugins = [...pom.matchAll(/<plugin>[\s\S]*?<\/plugin>/g)]
    .map((m) => m[0])
    .filter((p) => /<artifactId>\s*maven-(?:surefire|failsafe)-plugin\s*<\/artifactId>/.test(p) || TEST_PHASE_PLUGIN.test(p));
  const outside = pom.replace(/<plugin>[\s\S]*?<\/plugin>/g, '');
  const elements = [...outside.matchAll(POM_TEST_ELEMENT)].map((m) => m[0]);
  const read = new Set(plugins.flatMap((p) => [...p.matchAll(/\$\{([\w.-]+)\}/g)].map((m) => m[1]!)));
  const properties = [...outside.matchAll(/<([\w.-]+)>([^<]*)<\/\1>/g)].filter((m) => read.has(m[1]!)).map((m) => m[0]);
  return [...plugins, ...elements, ...properties].map((x) => x.replace(/\s+/g, ' ').replace(/> </g, '><')).join('\n');
}

/** The test settings of a manifest's text as a canonical string ('' when absent); unparsable JSON is compared whole. */
export function testSettingsOf(path: string, text: string | null): string {
  if (text === null) return '';
  const base = baseName(path);
  if (base === 'package.json') return packageSettings(text);
  if (base === 'pom.xml') return pomSettings(text);
  if (base === 'composer.json') return composerSettings(text);
  if (RAKE_FILES.includes(base)) return rakeSettings(text);
  if (VITE_CONFIG.test(base)) {
    const { include, exclude } = scanVitestConfig(text);
    return JSON.stringify({ include, exclude });
  }
  const header = SECTIONS[base];
  return header ? sections(text, header) : '';
}

/** A JSON manifest's object, or null when the text is no JSON object (then it is compared whole). */
function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The test scripts of a manifest's `scripts` (`test`, `pretest`, `test:unit`…), sorted. */
const testScripts = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries((o.scripts as Record<string, unknown>) ?? {})
      .filter(([k]) => PACKAGE_TEST_SCRIPT.test(k))
      .sort(),
  );

/** composer.json's test scripts and `autoload-dev`, where the test classes' namespaces are mapped. */
function composerSettings(text: string): string {
  const c = jsonObject(text);
  return c ? JSON.stringify({ scripts: testScripts(c), 'autoload-dev': c['autoload-dev'] ?? null }) : text;
}

function packageSettings(text: string): string {
  const pkg = jsonObject(text);
  if (!pkg) return text;
  const keys = PACKAGE_TEST_KEYS.filter((k) => k in pkg).map((k) => [k, pkg[k]]);
  return JSON.stringify({ scripts: testScripts(pkg), ...Object.fromEntries(keys) });
}

/** The sections whose header matches, header included, in order; blank lines and comments dropped, CRLF read as LF. */
function sections(text: string, header: RegExp): string {
  const out: string[] = [];
  let inside = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) inside = header.test(line);
    if (inside && line !== '' && !line.startsWith('#') && !line.startsWith(';')) out.push(line);
  }
  return out.join('\n');
}

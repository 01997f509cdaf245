/**
 * The test targets cargo makes from a package's tests/ folder, by path. Apart from the adapter so
 * that run-staged can split a workspace's files by member without loading it. Pure.
 */
const TARGET = [/^(?:(.+)\/)?tests\/([^/]+)\.rs$/, /^(?:(.+)\/)?tests\/([^/]+)\/main\.rs$/];

/**
 * `tests/math.rs` → `math`, `tests/api/main.rs` → `api`: the test targets cargo makes from tests/;
 * `crates/core/tests/math.rs` → `math` of the workspace member in crates/core.
 */
export function cargoTestTarget(file: string): string | undefined {
  return TARGET[0]!.exec(file)?.[2] ?? TARGET[1]!.exec(file)?.[2];
}

/** The workspace member folder of a test target (`crates/core`), '' for the package at the top; undefined for no target. */
export function cargoMember(file: string): string | undefined {
  const m = TARGET[0]!.exec(file) ?? TARGET[1]!.exec(file);
  return m ? (m[1] ?? '') : undefined;
}

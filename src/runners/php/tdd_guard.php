<?php
// Closes every PHP process of a test run to the user's work tree (prepended to every script
// through conf.d/tdd_guard.ini). The hook runs the tests in a private copy of the commit; an
// include path, a Composer autoloader of the work tree or an absolute require may still reach the
// work tree. At shutdown (after a fatal error too), the included files (get_included_files()) that
// are the work tree's own — under its top, not in the copy, not in a folder linked on purpose, not
// .git, node_modules or vendor — are appended to the guard's file, NUL-terminated; the hook keeps
// those that differ from the commit and answers "could not verify". Configured by TDD_HOOKS_GUARD
// (JSON: {"top", "copy", "out", "linked"}, real paths); without it, nothing.
(static function (): void {
    // The report's seal (src/runners/seal.ts): this shutdown function is the first registered, so it
    // runs before any of the project's, after the runner wrote its report.
    $seal = getenv('TDD_HOOKS_SEAL');
    if (is_string($seal) && $seal !== '') {
        register_shutdown_function(static function () use ($seal): void {
            $data = is_file($seal) ? file_get_contents($seal) : false;
            if ($data !== false) {
                fwrite(STDERR, "\ntdd-hooks-seal " . hash('sha256', $data) . "\n");
            }
        });
    }
    $spec = json_decode((string) getenv('TDD_HOOKS_GUARD'), true);
    if (!is_array($spec) || !is_string($spec['top'] ?? null) || !is_string($spec['copy'] ?? null) || !is_string($spec['out'] ?? null)) {
        return;
    }
    $top = $spec['top'];
    $copy = $spec['copy'];
    $out = $spec['out'];
    $linked = array_values(array_filter((array) ($spec['linked'] ?? []), 'is_string'));
    $under = static fn (string $path, string $dir): bool => $path === $dir || strncmp($path, $dir . DIRECTORY_SEPARATOR, strlen($dir) + 1) === 0;
    register_shutdown_function(static function () use ($top, $copy, $out, $linked, $under): void {
        $noted = [];
        foreach (get_included_files() as $file) {
            $real = realpath($file);
            if ($real === false || $under($real, $copy) || !$under($real, $top)) {
                continue;
            }
            foreach ($linked as $dir) {
                if ($under($real, $dir)) {
                    continue 2;
                }
            }
            $parts = explode(DIRECTORY_SEPARATOR, substr($real, strlen($top) + 1));
            if ($parts[0] === '.git' || in_array('node_modules', $parts, true) || in_array('vendor', $parts, true)) {
                continue;
            }
            $noted[] = $real . "\0";
        }
        if ($noted !== []) {
            file_put_contents($out, implode('', $noted), FILE_APPEND | LOCK_EX);
        }
    });
})();

<?php
// Closes every PHP process of a test run to the user's work tree (prepended to every script
// through conf.d/tdd_guard.ini). The hook runs the tests in a private copy of the commit; an
// include path, a Composer autoloader of the work tree or an absolute require may still reach the
// work tree. At shutdown (after a fatal error too), the included files (get_included_files()) that
// are the work tree's own — under its top, not in the copy, not in a folder linked on purpose, not
// .git, node_modules or vendor — are appended to the guard's file, NUL-terminated; the hook keeps
// those that differ from the commit and answers "could not verify". Configured by TDD_HOOKS_GUARD
// (JSON: {"top", "copy", "out", "linked"}, real paths); without it, nothing.
//
// GREEN's coverage, when TDD_HOOKS_COVERAGE is set (JSON: {"out": folder, "root": folder, "files":
// [absolute paths]}; coverage.d/tdd_coverage.ini switches PCOV on for the run): PCOV runs from
// here, before any script; at shutdown <out>/php-<pid>.json holds, per asked file the process
// included (relative to root), the lines that hold code and those that ran (our Python tracer's
// format). Without PCOV, <out>/php-unmeasured says why.
(static function (): void {
    $spec = json_decode((string) getenv('TDD_HOOKS_COVERAGE'), true);
    if (!is_array($spec) || !is_string($spec['out'] ?? null) || !is_string($spec['root'] ?? null) || !is_array($spec['files'] ?? null)) {
        return;
    }
    $out = $spec['out'];
    if (!function_exists('pcov\\start') || !ini_get('pcov.enabled')) {
        @file_put_contents($out . '/php-unmeasured', extension_loaded('pcov') ? 'PCOV is loaded but not enabled (pcov.enabled)' : 'the pcov extension is not loaded');
        return;
    }
    $root = $spec['root'];
    $wanted = [];
    foreach ($spec['files'] as $file) {
        if (is_string($file)) {
            $wanted[realpath($file) ?: $file] = substr($file, strlen($root) + 1);
        }
    }
    \pcov\start();
    register_shutdown_function(static function () use ($out, $wanted): void {
        \pcov\stop();
        $found = [];
        foreach (\pcov\collect(\pcov\inclusive, array_keys($wanted)) as $path => $lines) {
            $rel = $wanted[$path] ?? $wanted[realpath($path) ?: $path] ?? null;
            if ($rel === null) {
                continue;
            }
            ksort($lines);
            $found[$rel] = ['code' => array_keys($lines), 'run' => array_keys(array_filter($lines, static fn (int $n): bool => $n > 0))];
        }
        @file_put_contents($out . '/php-' . getmypid() . '.json', json_encode((object) $found));
    });
})();
(static function (): void {
    // The report's seal (src/runners/seal.ts): this shutdown function is the first registered, so it
    // runs before any of the project's, after the runner wrote its report. A process PHPUnit starts
    // for a test of its own (process isolation) finds the report empty or not there yet and prints
    // nothing: PHPUnit reads a child's stderr as the test's error.
    $seal = getenv('TDD_HOOKS_SEAL');
    if (is_string($seal) && $seal !== '') {
        register_shutdown_function(static function () use ($seal): void {
            $data = is_file($seal) ? file_get_contents($seal) : false;
            if ($data !== false && $data !== '') {
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

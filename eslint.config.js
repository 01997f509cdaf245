// `npm run lint`: typescript-eslint's recommended rules (no type information: seconds, not a
// compile) on the sources, the tests and the scripts; house idioms below, each with its reason.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const NODE_GLOBALS = Object.fromEntries(
  [
    'console',
    'process',
    'Buffer',
    'URL',
    'setTimeout',
    'clearTimeout',
    'setImmediate',
    'performance',
    'structuredClone',
    '__dirname',
    '__filename',
    'require',
    'module',
  ].map((g) => [g, 'readonly']),
);

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test/fixtures/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: NODE_GLOBALS },
    rules: {
      // `_name` is unused on purpose; `{ output, ...rest }` drops a field.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // git's machine formats and the sanitising of names are about control characters (NUL, \x1f).
      'no-control-regex': 'off',
    },
  },
  {
    // The lexers step in their hot loops with `(depth++, i++)`.
    files: ['src/lang/**'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // CommonJS by design: the bin's code-cache loader, and the leak guard node preloads with --require.
    files: ['bin/tdd.js', '**/*.cts', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests feed hostile values on purpose.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);

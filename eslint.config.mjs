// Type-aware lint: promise misuse and unused code. Formatting is Prettier's job, not ESLint's.
import tseslint from 'typescript-eslint';

const unusedVars = [
  'error',
  { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'test/fixtures/**', 'test/infra/fixtures/**', 'data/**'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'packages/inspector/web/vite.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': unusedVars,
      '@typescript-eslint/no-unused-expressions': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // The few plain JavaScript entry points: no type information, so the untyped rules only.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    rules: {
      'no-unused-vars': unusedVars,
      'no-unused-expressions': 'error',
    },
  },
);

// ESLint for the hand-written TypeScript and JavaScript (`npm run lint:code`; `npm test` runs it).
// Formatting is Prettier's (eslint-config-prettier turns off the rules it owns); generated code keeps
// its own printer and is not linted here (the generated packages' tests typecheck it strictly).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['node_modules/', 'generated/', '**/__snapshots__/', 'test/fixtures/', 'dist/', '.cache/'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', console: 'readonly' } },
    rules: {
      // A leading underscore names what a destructuring leaves out or a signature must accept.
      // Control characters in patterns are deliberate here: ANSI escapes stripped, control text refused.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests build and poke at untyped OpenAPI documents and JSON bodies; `any` there is the honest type.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);

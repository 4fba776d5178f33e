// ESLint flat config for the whole monorepo; docs/contributing.md explains the choices.
import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Build output, installed packages, and the data tables scripts/derive-*.mjs generate.
    ignores: ['**/dist/**', '**/node_modules/**', 'packages/core/data/**', 'coverage/**'],
  },
  {
    linterOptions: {
      // A disable comment that no longer silences anything fails, so none outlives its reason.
      reportUnusedDisableDirectives: 'error',
    },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  comments.recommended,
  {
    rules: {
      // Every disable names its rule and says why: `// eslint-disable-next-line rule -- reason`.
      '@eslint-community/eslint-comments/require-description': 'error',
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      // A whole-file disable at the top of a test file is fine; a range must be closed.
      '@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
      // The same convention as TypeScript's noUnusedParameters: a leading underscore marks a
      // parameter or binding that is there on purpose (an interface's argument, a destructured
      // property left out of `...rest`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Wrong for this codebase: writers, escapers and validators match control characters on
      // purpose (XML 1.0 forbids most of them, JSON must escape U+0000-U+001F, names may not hold
      // them), always written as \x or \u escapes, never as raw bytes.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['packages/core/**', 'packages/server/**', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // run-bundle.cjs is CommonJS on purpose (a classic script can be given V8's cachedData).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['packages/web/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    // The web package's build scripts run in Node.
    files: ['packages/web/scripts/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A missing dependency is a stale value in an effect: an error, not a warning to scroll past.
      'react-hooks/exhaustive-deps': 'error',
      // Off: one of the React Compiler rules, and this app is not compiled by it. It flags a
      // setState at the top of an effect, which costs one extra render and is not a bug; every
      // place it flags here does that on purpose (a text box that takes a new value from its
      // prop unless mid-edit, a dialog that clears its message when opened, a preview that says
      // "loading" before its timer). Its fix, adjusting state during render or remounting with
      // a key, would restructure those components for no change anyone sees.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
);

// ESLint flat config. Prettier owns layout, so nothing here is about formatting.
// Type-aware rules are limited to the promise checks (and Svelte's own): they catch real bugs
// (a lost rejection, an async handler where a sync one is expected) for one type-check of the tree.
import js from '@eslint/js';
import globals from 'globals';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';
import svelteConfig from './svelte.config.js';

const root = import.meta.dirname;

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'test-results/',
      'bench-results/',
      'reports/',
      '.stryker-tmp/',
      '.scratch/',
      '.vite/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  svelte.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      parserOptions: {
        // Each file is checked with its nearest tsconfig.json: src-renderer/'s (the renderer's
        // program) or the root one (main, shared, tests, scripts).
        projectService: true,
        tsconfigRootDir: root,
        extraFileExtensions: ['.svelte'],
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: {
        parser: tseslint.parser,
        svelteConfig,
      },
    },
  },
  {
    files: ['src-renderer/**', 'tests/fixtures/games/*/view/**', 'tests/fixtures/games/views.ts'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src-main/**', 'tests/**', 'scripts/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src-renderer/**/*.svelte', 'src-renderer/**/*.svelte.ts'],
    rules: {
      // Every Map and Set it flags is a temporary built inside a $derived or a function and never
      // mutated after it is returned; a SvelteMap there would only add tracking cost.
      'svelte/prefer-svelte-reactivity': 'off',
    },
  },
  {
    // Their unkeyed each blocks list plain error strings (a key would throw on a repeated
    // sentence) or, in PoolGrid, reuse card elements across virtual rows on purpose.
    files: [
      'src-renderer/src/experiments/ExperimentForm.svelte',
      'src-renderer/src/pools/PoolGrid.svelte',
      'src-renderer/src/runs/NewRunForm.svelte',
      'src-renderer/src/runs/PlanEditor.svelte',
      'src-renderer/src/runs/RulesEditor.svelte',
    ],
    rules: { 'svelte/require-each-key': 'off' },
  },
  {
    // Svelte drops whitespace at a tag's or block's edge: their {' '} and {' · '} keep it.
    files: ['src-renderer/src/pages/DuplicatesPage.svelte', 'src-renderer/src/runs/RunReportPanel.svelte'],
    rules: { 'svelte/no-useless-mustaches': 'off' },
  },
  {
    // Svelte files: TypeScript (svelte-check) already reports undefined names, and knows the
    // ambient types and runes that no-undef does not.
    files: ['**/*.svelte'],
    rules: { 'no-undef': 'off' },
  },
  {
    // The test-only games' views are in neither program (the test renderer build pulls them in
    // through #extra-game-views), so they get no type-aware rules.
    files: ['tests/fixtures/games/views.ts', 'tests/fixtures/games/*/view/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Plain JS files (scripts, svelte.config.js) are in no tsconfig, so no type-aware rules.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);

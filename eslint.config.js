import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'dist.*', '.build', 'node_modules', 'data', 'docs', 'coverage', '.scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['server/sandbox/**/page/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' }],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'ky', '@xstate/react', '../src/*', '../../src/*', '../server/*', '../../server/*', '../machine-tests/*', '../../machine-tests/*'] }],
    },
  },
  {
    // the machine kit is product code the explorer runs: machine-kit/, machines/, core/, xstate and @xstate/graph only
    files: ['machine-kit/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'ky', '@xstate/react', '../src/*', '../../src/*', '../server/*', '../../server/*', '../scripts/*', '../../scripts/*', '../machine-tests/*', '../../machine-tests/*'] }],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['ky', '**/api/*', '**/api'] }],
      'no-restricted-globals': ['error', 'fetch'],
    },
  },
);

// Lint rules, including the import rules of ARCHITECTURE §1 as restricted paths.
import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = fs.existsSync('web/src/features') ? fs.readdirSync('web/src/features') : [];
const serverModules = fs.existsSync('server/src/modules') ? fs.readdirSync('server/src/modules') : [];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        typescript: {
          noWarnOnMultipleProjects: true,
          project: [
            'packages/contract/tsconfig.json',
            'server/tsconfig.json',
            'web/tsconfig.json',
            'e2e/tsconfig.json',
          ],
        },
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Import cycles are scripts/check-cycles.mjs's: it sees type imports and folders, which import/no-cycle does not.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // contract imports nothing of ours; server and web never import each other.
            { target: './packages/contract', from: ['./server', './web', './e2e', './bench'] },
            { target: './server', from: ['./web', './e2e', './bench'] },
            { target: './web', from: ['./server', './e2e', './bench'] },
            // Modules never reach into channels, nor into another module's internals (only its index.ts).
            { target: './server/src/modules', from: './server/src/channels' },
            ...serverModules.map((m) => ({
              target: `./server/src/modules/${m}`,
              from: `./server/src/modules/!(${m})/**/!(index).ts`,
              message: 'Import another module only through its index.ts.',
            })),
            // Web features never import each other's internals.
            ...webFeatures.map((f) => ({
              target: `./web/src/features/${f}`,
              from: `./web/src/features/!(${f})/**`,
              message: 'Features never import each other: share through lib/ or components/.',
            })),
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'socket.io', message: 'Only server/src/realtime imports socket.io.' }] },
      ],
    },
  },
  {
    // The sockets benchmark's floor is a bare Socket.IO server, measured beside KreeChat's.
    files: ['server/src/realtime/**', 'bench/sockets-floor.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Test helpers read loosely typed JSON replies.
    files: ['**/*.test.ts', 'server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'widget/public/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);

// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (docs/architecture.md §3), enforced per folder. ESLint does not merge `no-restricted-imports`
 * between blocks (the last matching block wins), so every block states its folder's complete list.
 */
const electron = { name: 'electron', message: "Only src/main and src/preload may import 'electron'." };
const restrict = (files, patterns, paths = [electron]) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});
const group = (globs, message) => ({ group: globs, message });

const notServer = group(['**/server/**'], 'Only src/main (through server/boot) may use the server core; talk HTTP instead.');
const notShell = group(['**/main/**', '**/preload/**'], 'The Electron shell is not importable from here.');
const notRenderer = group(['**/renderer/**'], 'Nothing imports the renderer.');
const notHttp = group(['**/http/**', '**/areas/**'], 'This layer may not depend on HTTP routes or areas.');

export default defineConfig(
  { ignores: ['out/', 'dist/', 'node_modules/', '.tools/', 'coverage/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['src/renderer/**'], languageOptions: { globals: globals.browser } },
  restrict(['src/server/**'], [notShell, notRenderer]),
  // Tests may reach into any layer (e.g. the shell's pure window policy) but never load Electron itself.
  restrict(['scripts/**', 'test/**', 'bench/**'], []),
  restrict(['src/server/storage/**'], [notShell, notRenderer, notHttp, group(['**/domain/**', '**/sync/**', '**/webhooks/**'], 'Storage is the bottom layer.')]),
  restrict(['src/server/domain/**'], [notShell, notRenderer, notHttp, group(['**/sync/**', '**/webhooks/**'], 'The domain does not know about sync or webhooks.')]),
  restrict(['src/server/sync/**', 'src/server/webhooks/**'], [notShell, notRenderer, group(['**/http/**'], 'Sync and webhooks never use HTTP internals.')]),
  restrict(['src/main/**'], [notRenderer, group(['**/server/**', '!**/server/boot.ts'], 'The shell imports only server/boot.')], []),
  restrict(['src/preload/**'], [notServer, notRenderer], []),
  restrict(['src/renderer/**'], [notServer, notShell, group(['node:*'], 'The renderer runs in a browser sandbox.')]),
  restrict(['src/shared/**'], [notServer, notShell, notRenderer, group(['node:*'], 'shared/ runs anywhere: no Node APIs.')]),
);

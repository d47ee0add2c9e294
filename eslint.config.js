// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noUntranslatedText } from './scripts/eslint/no-untranslated-text.js';

/**
 * Import direction (docs/architecture.md §3), enforced per folder. ESLint does not merge `no-restricted-imports`
 * between blocks (the last matching block wins), so every block states its folder's complete list.
 */
const electron = { name: 'electron', message: "Only src/main and src/preload may import 'electron'." };
const restrict = (files, patterns, paths = [electron], ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});
const group = (globs, message) => ({ group: globs, message });

const notServer = group(['**/server/**'], 'Only src/main (through server/boot) may use the server core; talk HTTP instead.');
const notShell = group(['**/main/**', '**/preload/**'], 'The Electron shell is not importable from here.');
const notRenderer = group(['**/renderer/**'], 'Nothing imports the renderer.');
const notHttp = group(['**/http/**', '**/areas/**'], 'This layer may not depend on HTTP routes or areas.');
const notStorage = group(
  ['**/storage/**'],
  'Areas reach records through their repositories (domain/repository.ts, domain/repositories.ts), never the storage.',
);
const notHttpInServices = group(
  ['**/http/**', '**/*.routes.ts'],
  'Services and their helpers know nothing of HTTP: throw the errors of domain/errors.ts (http/error-envelopes.ts maps them) and take plain values, not route contexts.',
);

/** The files of an area that face HTTP (routes, parameter schemas, permission rules, route helpers); the rest may not. */
const areaHttpFiles = [
  'src/server/areas/index.ts',
  'src/server/areas/**/*.routes.ts',
  'src/server/areas/**/*.params.ts',
  'src/server/areas/**/*-rules.ts',
  'src/server/areas/**/*-routing.ts',
  'src/server/areas/common/shared-params.ts',
  'src/server/areas/pages/page-access.ts',
  'src/server/areas/polls/poll-services.ts',
];

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
  // Every word a person reads or hears in the UI comes from the message catalogue (docs/decisions/0103, 0113).
  {
    files: ['src/renderer/**/*.tsx'],
    plugins: { outpost: { rules: { 'no-untranslated-text': noUntranslatedText } } },
    rules: { 'outpost/no-untranslated-text': ['error', { props: { include: [['*', '{label,legend,caption,summary,heading,title,placeholder,alt}']] } }] },
  },
  // The Node preflight runs on Node versions too old for ES modules or .ts files, so it is CommonJS.
  { files: ['scripts/preflight.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  restrict(['src/server/**'], [notShell, notRenderer]),
  // Tests may reach into any layer (e.g. the shell's pure window policy) but never load Electron itself.
  restrict(['scripts/**', 'test/**', 'bench/**'], []),
  restrict(['src/server/storage/**'], [notShell, notRenderer, notHttp, group(['**/domain/**', '**/sync/**', '**/webhooks/**'], 'Storage is the bottom layer.')]),
  restrict(['src/server/domain/**'], [notShell, notRenderer, notHttp, group(['**/sync/**', '**/webhooks/**'], 'The domain does not know about sync or webhooks.')]),
  restrict(['src/server/sync/**', 'src/server/webhooks/**'], [notShell, notRenderer, group(['**/http/**', '**/areas/**'], 'Sync and webhooks never use HTTP internals or areas.')]),
  {
    files: ['src/server/areas/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression[typeAnnotation.type='TSNeverKeyword']",
          message: '`as never` silences the types of whatever it casts: give the repository a typed method instead.',
        },
      ],
    },
  },
  restrict(['src/server/areas/**'], [notShell, notRenderer, notStorage]),
  restrict(['src/server/areas/**'], [notShell, notRenderer, notStorage, notHttpInServices], [electron], areaHttpFiles),
  restrict(['src/main/**'], [notRenderer, group(['**/server/**', '!**/server/boot.ts'], 'The shell imports only server/boot.')], []),
  restrict(['src/preload/**'], [notServer, notRenderer], []),
  restrict(['src/renderer/**'], [notServer, notShell, group(['node:*'], 'The renderer runs in a browser sandbox.')]),
  restrict(['src/contracts/**'], [notServer, notShell, notRenderer, group(['node:*'], 'contracts/ runs anywhere: no Node APIs.')]),
);

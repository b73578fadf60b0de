/**
 * Lint guards for what the type checker cannot see: the layering (README "Architecture"), determinism of workflow
 * code, import cycles, and promises nobody awaits. Layout is Prettier's: `npm run lint` runs ESLint and then
 * `prettier --check`, `npm run format` applies it, so no rule here is about style. tsc --strict is the type gate.
 * `npm test` runs `npm run lint` before jest.
 */
import { includeIgnoreFile } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** Arrows point down only: a zone's files may not import from the folders listed in `from`. */
const layering = [
  {
    target: './domain',
    from: ['./api', './activities', './workflows', './worker', './scripts', './test', './bench'],
    message: 'domain/ is shared below api/ and activities/: it imports neither.',
  },
  {
    target: './api',
    from: ['./activities', './workflows', './worker', './scripts', './test', './bench'],
    message: 'api/ is thin: it reaches jobs through the gateway in domain/, never activities or workflow code.',
  },
  {
    target: './activities',
    from: ['./api', './workflows', './worker', './scripts', './test', './bench'],
    message: 'activities/ hold side effects over domain/; they never reach up into api/ or workflow code.',
  },
  {
    target: './workflows',
    from: ['./api', './worker', './scripts', './test', './bench'],
    message: 'workflows/ import only @temporalio/workflow, pure code and activity types.',
  },
  {
    target: './worker',
    from: ['./api', './scripts', './test', './bench'],
    message: 'worker/ wires activities and workflows; it does not depend on the API.',
  },
  {
    target: './console',
    from: ['./api', './domain', './activities', './workflows', './worker', './scripts', './test', './bench'],
    message: 'console/ runs in the browser and talks to the API only through the SDK (clients/typescript).',
  },
];

export default tseslint.config(
  // What git ignores is built or installed (an SDK's dist/ after `npm pack`, virtualenvs), never our source; ESLint
  // ignores node_modules/ itself.
  includeIgnoreFile(fileURLToPath(new URL('.gitignore', import.meta.url)), 'what .gitignore ignores'),
  {
    ignores: ['clients/**/generated/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  {
    files: ['**/*.ts', 'console/src/**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false, arguments: false } },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layering }],
    },
  },
  {
    // The embedded store (FerretDB 1.24) answers `{_id: {$in: …}}` by scanning the whole collection, every account's
    // documents; ask the store's findByIds (domain/store/by-ids.ts), whose `query` strategy alone uses it.
    files: ['domain/**/*.ts', 'activities/**/*.ts', 'api/**/*.ts', 'worker/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Property[key.name='_id'] > ObjectExpression > Property:matches([key.name='$in'], [key.value='$in'])",
          message: '`_id: {$in}` is a scan of every account on the embedded store: use findByIds (domain/store).',
        },
        {
          selector: "CallExpression[callee.property.name='bulkWrite']",
          message:
            'A bulk write of ~100 changes hangs the embedded store: use bulkWriteInBatches (domain/platform/db.ts).',
        },
      ],
    },
  },
  {
    files: ['domain/platform/db.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Workflow code is replayed: it must be deterministic and must not drag Node modules into the workflow bundle.
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'Workflow code runs in the deterministic sandbox: no Node built-ins.',
          })),
          patterns: [
            {
              regex: '^(?!@temporalio/(workflow|common)$|\\./|\\.\\./(domain|activities)(/|$))',
              message: 'Workflow code imports only @temporalio/workflow, @temporalio/common and pure project code.',
            },
          ],
        },
      ],
      // Activities are called through proxyActivities; importing them for their values would run side effects.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', disallowTypeAnnotations: false },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[importKind!="type"][source.value=/^\\.\\.\\/activities/]',
          message: 'Import activities as types only (import type …).',
        },
        { selector: 'ImportDeclaration[specifiers.length=0]', message: 'No side-effect imports in workflow code.' },
        {
          selector: "MemberExpression[object.name='Math'][property.name='random']",
          message: 'Math.random is replaced in workflows; use uuid4() or a seeded value passed in.',
        },
      ],
    },
  },
);

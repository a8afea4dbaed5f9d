// Lint for the whole tree (npm run lint; .ci/run runs it). Besides typescript-eslint's and React
// hooks' recommended rules, it holds the architecture's directions (docs/architecture.md):
// - core imports neither server nor web; web never imports server; server imports of web only its
//   dictionaries (web/src/locales: the texts of messages the server writes to customers);
// - a web feature never imports another feature; components/ui and shared import no feature;
// - server modules stand in layers, and a module imports only from modules in lower layers, so
//   no two modules depend on each other, through any path;
// - no import cycle between files.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * The server modules, bottom layer first. A module may import from the modules of the layers
 * below its own, never from its own layer's other modules or from above. A new module takes the
 * lowest layer above everything it needs; a module that must tell a higher one of a change takes
 * a callback from app.ts (vehicles' onMileageChange).
 */
const SERVER_LAYERS = [
  ['live', 'health'],
  ['tenants'],
  ['users'],
  ['audit', 'access-control'],
  ['activity', 'auth'],
  ['customers', 'technicians', 'spare-parts', 'shifts', 'schedule'],
  ['vehicles', 'tasks', 'consents'],
  ['customer-messages'],
  ['maintenance', 'notifications', 'attachments'],
  ['fleet', 'bookings', 'appointments', 'job-cards'],
  ['billing', 'dashboard'],
  ['search', 'data-rights'],
  ['analytics'],
  ['ai'],
  ['admin'],
  ['backups'],
];

const serverModules = readdirSync(new URL('./server/modules', import.meta.url));
const unlayered = serverModules.filter((m) => !SERVER_LAYERS.flat().includes(m));
if (unlayered.length) throw new Error(`eslint.config.js: give each server module a layer in SERVER_LAYERS: ${unlayered.join(', ')}`);

const serverZones = SERVER_LAYERS.flatMap((layer, level) =>
  layer.map((module) => ({
    target: `./server/modules/${module}`,
    from: SERVER_LAYERS.slice(level)
      .flat()
      .filter((m) => m !== module)
      .map((m) => `./server/modules/${m}`),
    message: `server modules import only from lower layers (eslint.config.js SERVER_LAYERS): ${module} may not depend on this module`,
  })),
).filter((zone) => zone.from.length > 0);

const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url));
const featureZones = webFeatures.map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [`./${feature}`],
  message: 'a feature never imports another feature: move what both need to web/src/shared',
}));

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'test-results/**', 'bench/results/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './core', from: ['./server', './web'], message: 'core is shared by server and web: it imports neither' },
            { target: './web', from: './server', message: 'the web client never imports the server: share through core/contracts' },
            {
              target: './server',
              from: './web',
              // The dictionaries are data both sides read: the server writes customers' messages from them.
              except: ['./src/locales'],
              message: 'the server never imports the web client (its dictionaries aside)',
            },
            {
              target: './web/src/components/ui',
              from: ['./web/src/features', './web/src/shared'],
              message: 'the design system imports no feature',
            },
            { target: './web/src/shared', from: './web/src/features', message: 'the shared layer imports no feature' },
            ...featureZones,
            ...serverZones,
          ],
        },
      ],
    },
  },
  {
    // A module's routes call its service, which holds the rules and transactions and calls the
    // repositories: reads and writes go through the same layer in every module.
    files: ['server/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/*.repository.ts'], message: 'routes call the module service, never a repository' }] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The build has no React Compiler: what it could not memoise (react-hook-form's watch) is no fault.
      'react-hooks/incompatible-library': 'off',
    },
  },
);

import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** `@nx/enforce-module-boundaries` options; a test may also use the test harness. */
function boundaries(inTests) {
  const harness = inTests ? ['type:testing'] : [];
  return {
    enforceBuildableLibDependency: false,
    allowCircularSelfDependency: false,
    // A service's tests start it through the harness, which starts every service: that loop is
    // the harness's purpose, not a dependency of the service's code.
    ignoredCircularDependencies: inTests ? [['tag:type:testing', 'tag:type:service']] : [],
    depConstraints: [
      {
        sourceTag: 'type:app-web',
        onlyDependOnLibsWithTags: ['type:lib-web', 'type:lib-shared', ...harness],
      },
      {
        sourceTag: 'type:service',
        onlyDependOnLibsWithTags: ['type:lib-server', 'type:lib-shared', ...harness],
      },
      {
        sourceTag: 'type:lib-web',
        onlyDependOnLibsWithTags: ['type:lib-web', 'type:lib-shared', ...harness],
      },
      {
        sourceTag: 'type:lib-server',
        onlyDependOnLibsWithTags: ['type:lib-server', 'type:lib-shared', ...harness],
      },
      { sourceTag: 'type:lib-shared', onlyDependOnLibsWithTags: ['type:lib-shared', ...harness] },
      // Test harnesses (the services' in infra/testing, the front end's component harness).
      {
        sourceTag: 'type:testing',
        onlyDependOnLibsWithTags: ['type:lib-web', 'type:lib-server', 'type:lib-shared', 'type:testing'],
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.nx/**',
      '.tmp/**',
      'coverage/**',
      'e2e/.results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      // Nest reads constructor parameter types at run time: such imports must stay value imports.
      parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The workspace's boundaries, from each project's `type:` tag (project.json): front ends use
    // only the web and shared libraries; a service uses only the server and shared libraries and
    // never another service (they talk over NATS); libraries use no app. The test harness
    // (infra/testing) and the local launcher (infra/local) assemble the services, so they may
    // import them; only tests import the harness.
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: { '@nx/enforce-module-boundaries': ['error', boundaries(false)] },
  },
  {
    // Routing comes from `@caliber/web`, which carries the one router every front end shares and
    // only the parts of it they use (libs/web/src/router.ts).
    files: ['shell/**', 'mfe-*/**', 'libs/ui-kit/**', 'libs/web-forms/**', 'libs/ui-widgets/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            message: 'Import routing from @caliber/web: it carries the router the shell and remotes share.',
          })),
        },
      ],
    },
  },
  {
    // Test data (`*.fixture.ts`) is test code too: it may build on the test libraries.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.ctest.tsx', '**/*.fixture.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', boundaries(true)] },
  },
  {
    // The harness and the launcher are where the services are put together: they start each
    // service's own module from its files, which no service or library may do.
    files: ['infra/testing/**', 'infra/local/**'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: [
      '**/*.tsx',
      'libs/web/src/**/*.ts',
      'libs/ui-kit/src/**/*.ts',
      'libs/web-forms/src/**/*.ts',
      'libs/ui-widgets/src/**/*.ts',
      'shell/src/**/*.ts',
      'mfe-*/src/**/*.ts',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        module: 'writable',
        require: 'readonly',
      },
    },
  },
);

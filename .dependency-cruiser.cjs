// Import boundaries, checked by `make lint` (`npm run lint:boundaries`); the rules in words: docs/conventions.md,
// "Import boundaries". There is no exceptions list: any import that breaks a rule fails lint.

/** The deployable service packages under services/ (the libraries in services/libs are shared by all). */
const SERVICES = '(auth|game-results|badges|classes|mail)';

/** Node built-ins that do I/O (files, network, processes, threads, the terminal). */
const NODE_IO = [
  'fs',
  'fs/promises',
  'net',
  'http',
  'https',
  'http2',
  'tls',
  'dgram',
  'dns',
  'dns/promises',
  'child_process',
  'cluster',
  'worker_threads',
  'readline',
  'inspector',
  'os',
  'process',
  'v8',
  'vm',
];

/** npm packages that open connections or serve HTTP. */
const IO_PACKAGES = [
  'pg',
  'ioredis',
  'amqplib',
  'bullmq',
  'express',
  'nodemailer',
  'sharp',
  'argon2',
  'pino',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-feature',
      severity: 'error',
      comment:
        'A frontend feature never imports another feature: shared code moves to frontend/src/lib or components, ' +
        'and screens are composed in routes/ or app/.',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/([^/]+)/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'no-service-to-service',
      severity: 'error',
      comment:
        'A service never imports another service (nor the gateway): they talk over HTTP and events; shared code ' +
        'lives in services/libs/contracts or services/libs/platform.',
      from: { path: `^services/${SERVICES}/` },
      to: { path: `^(services/${SERVICES}/|gateway/)`, pathNot: '^services/$1/' },
    },
    {
      name: 'no-gateway-to-service',
      severity: 'error',
      comment:
        'The gateway reaches the services over HTTP only; it imports contracts and platform, never a service.',
      from: { path: '^gateway/' },
      to: { path: `^services/${SERVICES}/` },
    },
    {
      name: 'contracts-without-io',
      severity: 'error',
      comment:
        'services/libs/contracts is pure (the browser loads it): no database, queue, HTTP or mail package ' +
        '(nor a Node built-in that does I/O: contracts-without-io-builtins), and nothing from platform, a service, the gateway or the frontend.',
      from: { path: '^services/libs/contracts/src/', pathNot: '\\.test\\.ts$' },
      to: {
        path: [
          `(^|/)node_modules/(${IO_PACKAGES.join('|')})/`,
          '^services/(?!libs/contracts/)',
          '^(gateway|frontend|infra|k8s)/',
        ],
      },
    },
    {
      name: 'contracts-without-io-builtins',
      severity: 'error',
      comment: 'services/libs/contracts imports no Node built-in that does I/O (see contracts-without-io).',
      from: { path: '^services/libs/contracts/src/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'], path: `^(node:)?(${NODE_IO.join('|')})(/|$)` },
    },
    {
      name: 'frontend-without-server-code',
      severity: 'error',
      comment:
        'The web app (frontend/src, frontend/scripts) never imports server code: of services/ only ' +
        'services/libs/contracts, and nothing from the gateway. (frontend/e2e starts the whole stack and may.)',
      from: { path: '^frontend/(src|scripts)/' },
      to: { path: ['^services/(?!libs/contracts/)', '^gateway/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles: a module never imports (directly or through others) a module that imports it. A cycle ' +
        'closed by a lazy import() is not one: the lazily loaded chunk may read state from the module that loads ' +
        'it on demand (the toast view, the progress persister), which is how code is split off the first download.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-ssr|coverage|\\.tsbuild|\\.tmp)/' },
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with, so Babel strips the types and JSX
    // (keeping every import that is not `import type`) and acorn reads the result. @swc/core is installed only
    // so that dependency-cruiser counts .ts/.tsx files as scannable; its own parser cannot read JSX.
    babelConfig: { fileName: '.dependency-cruiser.babel.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      // Workspace packages resolve to their TypeScript sources, like Vitest and Vite ("source" export condition).
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
    },
    // A run reuses the last one's results for files whose content is unchanged (new and deleted files count).
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

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

/** Test code: test files and the test-support folders packages export as `./testing`. */
const TEST_CODE = '(\\.test\\.tsx?$|/test-support/|/testing/)';

/** What only tests may import: test-support folders, the test stack, the test runners and browser drivers. */
const TEST_SUPPORT = [
  '/test-support/',
  '/testing/',
  '\\.test\\.tsx?$',
  '^test-stack/',
  '(^|/)node_modules/(vitest|@vitest|playwright-core|@testing-library/[^/]+|axe-core|jsdom)/',
];

/** The files a package exports (package.json `exports`, `source` condition): the only way in from outside. */
const PACKAGE_ENTRIES = '/src/(index|test-support/index|testing/index)\\.tsx?$';

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
      name: 'shared-frontend-without-features',
      severity: 'error',
      comment:
        'Shared frontend code (frontend/src/lib, frontend/src/components) never imports a feature, app/ or ' +
        'routes/: features build on it, not the other way round.',
      from: { path: '^frontend/src/(lib|components)/' },
      to: { path: '^frontend/src/(features|app|routes)/' },
    },
    {
      name: 'data-access-without-domain',
      severity: 'error',
      comment:
        "Inside a service, data-access is the bottom layer: it never imports the service's domain or " +
        'entry-points (types it needs live in contracts, or data-access defines them).',
      from: { path: `^services/${SERVICES}/src/data-access/` },
      to: { path: `^services/${SERVICES}/src/(domain|entry-points)/` },
    },
    {
      name: 'production-without-test-support',
      severity: 'error',
      comment:
        'Production code (the web app, the gateway, the services, contracts and platform) never imports test ' +
        'support: test-support or testing folders, test files, the test stack, test runners or browser drivers.',
      from: {
        path: '^(frontend/src|gateway/src|services/[^/]+/src|services/libs/(contracts|platform)/src)/',
        pathNot: TEST_CODE,
      },
      to: { path: TEST_SUPPORT },
    },
    {
      name: 'infra-through-package-exports',
      severity: 'error',
      comment:
        "infra and k8s reach a service, the gateway or a library only through the package's exports " +
        '(`@mathgames/<name>`, `@mathgames/<name>/testing`), never a file inside its src.',
      from: { path: '^(infra|k8s)/' },
      to: { path: '^(gateway|test-stack|services/[^/]+|services/libs/[^/]+)/src/', pathNot: PACKAGE_ENTRIES },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment:
        'A package imports only npm packages its own package.json declares (dependencies, devDependencies, ' +
        'optional or peer): one the workspace hoisted for another package may be missing, or another version, ' +
        'when this one is installed alone. infra/ and k8s/ belong to the root package.json.',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'features-without-app-or-routes',
      severity: 'error',
      comment:
        'A frontend feature never imports app/ or routes/: those compose the features into screens, so a feature ' +
        'reaching back into them would close a loop (docs/conventions.md, "Import boundaries").',
      from: { path: '^frontend/src/features/' },
      to: { path: '^frontend/src/(app|routes)/' },
    },
    {
      name: 'domain-without-entry-points',
      severity: 'error',
      comment:
        "Inside a service, the domain (use cases) never imports the service's entry points (HTTP routes, " +
        'consumers): they call the domain, not the other way round (docs/conventions.md, "Import boundaries").',
      from: { path: `^services/${SERVICES}/src/domain/` },
      to: { path: `^services/${SERVICES}/src/entry-points/` },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment:
        'Every module is imported or imports something: a file nothing reaches is dead code. Exempt: what is ' +
        'reached from outside (tests, configuration, declarations, the test setup, the compose health check) ' +
        "and a service's dependency bag (domain/deps.ts), which holds only types and so is reached by `import type`.",
      from: {
        orphan: true,
        pathNot: [
          '\\.d\\.ts$',
          '\\.test\\.tsx?$',
          '(^|/)[^/]+\\.config\\.(ts|js|cjs|mjs)$',
          '(^|/)\\.[^/]+\\.(cjs|js|json)$',
          '^frontend/src/testing/setup\\.ts$',
          '^infra/compose/healthcheck\\.mjs$',
          '/src/domain/deps\\.ts$',
        ],
      },
      to: {},
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
    // Build outputs, the SPA build test's own (frontend/dist-test-<pid>, made and removed while other files run) too.
    exclude: { path: '(^|/)(dist|dist-ssr|dist-test-[0-9]+|coverage|\\.tsbuild|\\.tmp)/' },
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

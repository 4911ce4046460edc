// Import rules that fail the build (`npm run lint:imports`, the "import rules" stage of `npm test`).
// The rules read resolved file paths, so a relative `../../x`, a `#features/…` subpath import and
// a dynamic `import()` are judged alike. How to read a violation: docs/conventions.md, "Import rules".
// scripts/import-rules.test.ts proves each rule on small fixtures.

const WEB = '^apps/web/src';
const SERVER = '^apps/server/src';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Two files that import each other (directly or through others) cannot be understood, tested ' +
        'or moved apart, and at run time one of them sees the other half-initialised. Type-only imports ' +
        'count too: a type cycle still couples the two files. Break it by moving the shared part into ' +
        'a file both import, or by passing what one needs from the other as an argument or an event.',
      from: { pathNot: '^apps/device-sim/src/' },
      to: { circular: true },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'The simulator is the one place where type-only cycles are accepted: its SimDevice class and ' +
        'the modules split out of it (reports, commands, network) take the device as a parameter, and ' +
        'a network holds its devices while a device knows its network; an interface repeating some 40 ' +
        'members of the class would only copy it. A cycle that exists at run time is refused here too.',
      from: { path: '^apps/device-sim/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'web-feature-to-other-feature',
      severity: 'error',
      comment:
        'A feature imports only shared code and its own files (docs/style.md: imports flow shared → ' +
        'features → app); pages compose features. Move what two features need into src/shared. ' +
        "ESLint's no-restricted-imports matches the written path of static imports and misses a " +
        "sibling `../other/` and `import('#features/other/…')`; this rule judges the resolved file.",
      from: { path: `${WEB}/features/([^/]+)/` },
      to: { path: `${WEB}/features/`, pathNot: `${WEB}/features/$1/` },
    },
    {
      name: 'web-feature-to-app',
      severity: 'error',
      comment: 'A feature never imports the app shell (router, layout, navigation): the shell imports it.',
      from: { path: `${WEB}/features/` },
      to: { path: `${WEB}/(app/|main\\.tsx$)` },
    },
    {
      name: 'web-shared-to-feature-or-app',
      severity: 'error',
      comment: 'Shared code imports no feature and no app code, so any feature can use it.',
      from: { path: `${WEB}/shared/` },
      to: { path: `${WEB}/(features/|app/|main\\.tsx$)` },
    },
    {
      name: 'server-domain-to-other-store',
      severity: 'error',
      comment:
        "A domain calls another domain's service (or hears its events), never its store: the store is " +
        "the owner's private SQL and tenant scoping. Another domain's module.ts, service types and " +
        'tables.ts (row types) are fine.',
      from: { path: `${SERVER}/domains/([^/]+)/` },
      to: {
        path: [`${SERVER}/domains/[^/]+/store\\.ts$`, `${SERVER}/domains/[^/]+/[^/]+-store\\.ts$`],
        pathNot: `${SERVER}/domains/$1/`,
      },
    },
    {
      name: 'server-platform-to-domain',
      severity: 'error',
      comment:
        'The platform (store, bus, http, auth, jobs, gateway…) is what domains stand on; it knows no ' +
        'domain, so a new area never means editing it. A domain registers its handlers with the platform.',
      from: { path: `${SERVER}/platform/` },
      to: { path: `${SERVER}/domains/` },
    },
    {
      name: 'contract-to-apps',
      severity: 'error',
      comment:
        'packages/contract is what the server, the console, the simulator and the tests share; it ' +
        'depends on none of them (that would also make a cycle between workspaces).',
      from: { path: '^packages/contract/' },
      to: { path: '^(apps|e2e|bench|scripts)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import that resolves to no file: a moved or deleted file, a typo, or a package missing ' +
        'from package.json.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment:
        'A file that imports nothing and that nothing imports is dead code (or a forgotten entry ' +
        "point). Exempt: declarations, configuration files, and a domain's tables.ts, which may " +
        "only declare its tables into the store's Database type (`declare module`), which is no import.",
      from: {
        orphan: true,
        pathNot: [
          '(^|/)[.][^/]+[.](?:js|cjs|mjs|ts|json)$',
          '[.]d[.]ts$',
          '(^|/)(?:vite|vitest)[.]config[.]ts$',
          `${SERVER}/domains/[^/]+/tables[.]ts$`,
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    // Build output only: a pattern without the anchor would also drop every package that ships a dist/.
    exclude: { path: '^(?:apps|packages)/[^/]+/(?:dist|coverage)/' },
    // Type-only imports are dependencies too (see no-circular).
    tsPreCompilationDeps: true,
    // Resolution as Node and Vite do it: the workspaces' "exports" (@netconsole/contract →
    // packages/contract/src/index.ts) and "imports" (#app/…, #features/…, #shared/… in apps/web).
    // There are no tsconfig paths, so no tsConfig is needed for resolution.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};

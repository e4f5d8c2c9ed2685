// Import directions of ARCHITECTURE §1, enforced: protocol ← sdk, stats ← server, console, editor.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'protocol-is-a-leaf',
      comment: 'protocol holds pure types and schemas; it imports no other package.',
      severity: 'error',
      from: { path: '^packages/protocol/' },
      to: { path: '^packages/(sdk|stats|server|console|editor)/' },
    },
    {
      name: 'sdk-and-stats-build-on-protocol-only',
      severity: 'error',
      from: { path: '^packages/(sdk|stats)/' },
      to: { path: '^packages/(server|console|editor)/' },
    },
    {
      name: 'sdk-and-stats-stay-apart',
      severity: 'error',
      from: { path: '^packages/(sdk|stats)/' },
      to: { path: '^packages/(sdk|stats)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'clients-speak-http-to-the-server',
      comment: 'The console and the editor never import server code; they speak HTTP typed by protocol.',
      severity: 'error',
      from: { path: '^packages/(console|editor)/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'console-and-editor-stay-apart',
      severity: 'error',
      from: { path: '^packages/(console|editor)/' },
      to: { path: '^packages/(console|editor)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'packages-meet-at-their-index',
      comment:
        "Another package is used through its src/index.ts only, or an entry its package.json exports (the SDK's OpenFeature providers).",
      severity: 'error',
      from: { path: '^packages/([^/]+)/' },
      to: {
        path: '^packages/[^/]+/',
        pathNot: ['^packages/$1/', '^packages/[^/]+/src/index\\.ts$', '^packages/sdk/src/openfeature/index\\.ts$'],
      },
    },
    {
      name: 'console-features-never-import-each-other',
      comment: 'Route files in src/app compose features; a feature stands alone.',
      severity: 'error',
      from: { path: '^packages/console/src/features/([^/]+)/' },
      to: { path: '^packages/console/src/features/', pathNot: '^packages/console/src/features/$1/' },
    },
    {
      name: 'console-shared-code-flows-one-way',
      comment: 'shared (lib, components) → features → app.',
      severity: 'error',
      from: { path: '^packages/console/src/(lib|components)/' },
      to: { path: '^packages/console/src/(features|app)/' },
    },
    {
      name: 'console-features-never-import-the-app',
      severity: 'error',
      from: { path: '^packages/console/src/features/' },
      to: { path: '^packages/console/src/app/' },
    },
    {
      name: 'server-features-call-services-not-stores',
      comment: "A server feature uses another feature's service (or its types), never its store or routes.",
      severity: 'error',
      from: { path: '^packages/server/src/features/([^/]+)/' },
      to: {
        path: '^packages/server/src/features/',
        pathNot: ['^packages/server/src/features/$1/', '^packages/server/src/features/[^/]+/(service|types)\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|data)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};

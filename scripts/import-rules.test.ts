// The import rules of .dependency-cruiser.mjs bite: a small tree written to a temporary folder, with
// one file for each thing a rule refuses and one for each thing it allows, cruised with the
// project's own configuration. The fixture lives outside the repository so that the real lint never
// sees its deliberate cycles.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cruise } from 'dependency-cruiser';
import type { ICruiseResult, IFlattenedRuleSet } from 'dependency-cruiser';
import config from '../.dependency-cruiser.mjs';

const files: Record<string, string> = {
  // Workspaces as in the repository: subpath imports of the console, the contract's "exports".
  'apps/web/package.json': JSON.stringify({
    name: '@fixture/web',
    imports: { '#app/*': './src/app/*', '#features/*': './src/features/*', '#shared/*': './src/shared/*' },
  }),
  'apps/web/src/main.tsx': "import './app/shell.tsx';\n",
  'apps/web/src/app/shell.tsx': "import { b } from '#features/b/page.tsx';\nexport const shell = b;\n",
  'apps/web/src/shared/format.ts': 'export const format = (s: string) => s;\n',
  'apps/web/src/shared/bad.ts': "import { b } from '#features/b/page.tsx';\nexport const bad = b;\n",
  // A sibling import written `../b/` (the ESLint pattern only knows `../../x/`), an alias, a dynamic
  // import and the shell: all refused. Shared code and the feature's own files are fine.
  'apps/web/src/features/a/page.tsx': [
    "import { b } from '../b/page.tsx';",
    "import { format } from '#shared/format.ts';",
    "import { own } from './own.ts';",
    "export const a = () => [b, format, own, import('#features/b/lazy.tsx')];",
    '',
  ].join('\n'),
  'apps/web/src/features/a/own.ts': "import { shell } from '#app/shell.tsx';\nexport const own = shell;\n",
  'apps/web/src/features/b/page.tsx':
    "import { format } from '#shared/format.ts';\nexport const b = format;\n",
  'apps/web/src/features/b/lazy.tsx': "import { format } from '#shared/format.ts';\nexport default format;\n",
  // Another domain's store (either name) is refused; its module, service and tables are not.
  'apps/server/src/domains/alpha/service.ts': [
    "import { rows } from '../beta/store.ts';",
    "import { reads } from '../beta/read-store.ts';",
    "import type { BetaRow } from '../beta/tables.ts';",
    "import { betaModule } from '../beta/module.ts';",
    "import type { BetaService } from '../beta/service.ts';",
    "import { own } from './store.ts';",
    'export const alpha = (r: BetaRow, s: BetaService) => [rows, reads, r, s, betaModule, own];',
    '',
  ].join('\n'),
  'apps/server/src/domains/alpha/store.ts':
    "import { db } from '../../platform/db.ts';\nexport const own = db;\n",
  'apps/server/src/domains/beta/store.ts':
    "import { db } from '../../platform/db.ts';\nexport const rows = db;\n",
  'apps/server/src/domains/beta/read-store.ts':
    "import { db } from '../../platform/db.ts';\nexport const reads = db;\n",
  'apps/server/src/domains/beta/tables.ts':
    "import { db } from '../../platform/db.ts';\nexport type BetaRow = typeof db;\n",
  'apps/server/src/domains/beta/service.ts':
    "import { rows } from './store.ts';\nexport type BetaService = typeof rows;\n",
  'apps/server/src/domains/beta/module.ts':
    "import { rows } from './store.ts';\nexport const betaModule = rows;\n",
  'apps/server/src/platform/db.ts': "import os from 'node:os';\nexport const db = os.EOL;\n",
  'apps/server/src/platform/gateway.ts':
    "import { alpha } from '../domains/alpha/service.ts';\nexport const g = alpha;\n",
  'apps/server/src/platform/missing.ts': "import { gone } from './gone.ts';\nexport const m = gone;\n",
  'apps/server/src/platform/lonely.ts': 'export const lonely = 1;\n',
  // A cycle held together by a type-only import is still a cycle.
  'packages/contract/package.json': JSON.stringify({
    name: '@fixture/contract',
    exports: { '.': './src/index.ts' },
  }),
  'packages/contract/src/index.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
  'packages/contract/src/b.ts': "import type { A } from './index.ts';\nexport type B = { a?: A };\n",
  'packages/contract/src/uses-app.ts':
    "import { db } from '../../../apps/server/src/platform/db.ts';\nexport const u = db;\n",
  // The simulator: a type-only cycle is accepted, a run-time cycle is not.
  'apps/device-sim/src/device.ts': [
    "import { report } from './reports.ts';",
    "import { handle } from './commands.ts';",
    'export class SimDevice { go = () => [report(this), handle]; }',
    '',
  ].join('\n'),
  'apps/device-sim/src/reports.ts':
    "import type { SimDevice } from './device.ts';\nexport const report = (d: SimDevice) => d;\n",
  'apps/device-sim/src/commands.ts':
    "import { SimDevice } from './device.ts';\nexport const handle = () => new SimDevice();\n",
};

let dir: string;
let result: ICruiseResult;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const cwd = process.cwd();
  // Rule paths are relative to where the cruise starts, as with `npm run lint:imports` at the root.
  process.chdir(dir);
  try {
    const reported = await cruise(['apps', 'packages'], {
      ...config.options,
      validate: true,
      ruleSet: { forbidden: config.forbidden } as IFlattenedRuleSet,
    });
    result = reported.output as ICruiseResult;
  } finally {
    process.chdir(cwd);
  }
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('each rule refuses what it should and nothing else', () => {
  // A cycle is named by its members, whichever of them the cruiser happens to start from.
  const found = result.summary.violations
    .map((v) =>
      v.cycle
        ? `${v.rule.name}: ${[...new Set([v.from, ...v.cycle.map((c) => c.name)])].sort().join(' ⇄ ')}`
        : `${v.rule.name}: ${v.from} → ${v.to}`,
    )
    .sort();
  expect(found).toEqual(
    [
      'no-circular: apps/device-sim/src/commands.ts ⇄ apps/device-sim/src/device.ts',
      'no-circular: packages/contract/src/b.ts ⇄ packages/contract/src/index.ts',
      'web-feature-to-other-feature: apps/web/src/features/a/page.tsx → apps/web/src/features/b/page.tsx',
      'web-feature-to-other-feature: apps/web/src/features/a/page.tsx → apps/web/src/features/b/lazy.tsx',
      'web-feature-to-app: apps/web/src/features/a/own.ts → apps/web/src/app/shell.tsx',
      'web-shared-to-feature-or-app: apps/web/src/shared/bad.ts → apps/web/src/features/b/page.tsx',
      'server-domain-to-other-store: apps/server/src/domains/alpha/service.ts → apps/server/src/domains/beta/store.ts',
      'server-domain-to-other-store: apps/server/src/domains/alpha/service.ts → apps/server/src/domains/beta/read-store.ts',
      'server-platform-to-domain: apps/server/src/platform/gateway.ts → apps/server/src/domains/alpha/service.ts',
      'contract-to-apps: packages/contract/src/uses-app.ts → apps/server/src/platform/db.ts',
      'not-to-unresolvable: apps/server/src/platform/missing.ts → ./gone.ts',
      'no-orphans: apps/server/src/platform/lonely.ts → apps/server/src/platform/lonely.ts',
    ].sort(),
  );
});

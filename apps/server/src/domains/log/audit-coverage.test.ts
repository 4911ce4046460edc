/**
 * Every state-changing route of the running app (collected from the router itself) has an audit
 * rule — its own `config.audit` or a line of audit-map.ts — or is exempt with `audit: false`; and
 * every code a rule names is in the catalogue. A new route without a rule fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_CODES, logModuleOf } from '@netconsole/contract';
import { startHarness, type Harness } from '../../test/harness.ts';
import { AUDIT_MAP, auditRuleOf } from './audit-map.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** `METHOD /path` of every state-changing route, from the router's printed tree. */
function stateChangingRoutes(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const path = stack.join('');
    for (const method of m[3]!.split(', '))
      if (STATE_CHANGING.includes(method)) out.push(`${method} ${path}`);
  }
  return out;
}

describe('audit coverage', () => {
  it('gives every state-changing route a rule or an explicit exemption', () => {
    const routes = stateChangingRoutes(h.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContain('POST /v1/user/login');
    expect(routes).toContain('DELETE /v1/user/disabled/:id');
    const registry = h.services.audit.routes;
    const missing = routes.filter((key) => {
      const [method, url] = key.split(' ') as [string, string];
      return auditRuleOf(method, url, registry.get(key)) === undefined;
    });
    expect(missing).toEqual([]);
    // The table names no route that does not exist (a renamed route would lose its entries silently).
    expect(Object.keys(AUDIT_MAP).filter((k) => !routes.includes(k))).toEqual([]);
  });

  it('names only catalogued codes, each in its module range', () => {
    const rules = [...Object.values(AUDIT_MAP), ...h.services.audit.routes.values()];
    for (const rule of rules) {
      if (!rule) continue;
      expect(rule.code in LOG_CODES, String(rule.code)).toBe(true);
      expect(logModuleOf(rule.code)).not.toBeNull();
    }
  });
});

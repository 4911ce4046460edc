import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { cancelOpenCommands, findOpenCommand, insertCommand, pageCommands } from './command-store.ts';
import {
  aliasTaken,
  countDevices,
  findDevice,
  insertDevice,
  listDevices,
  pageDevices,
  tallyDevices,
  tenantHasDevices,
  updateDevice,
} from './store.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const page = { offset: 0, limit: 10, orderBy: 'sn', direction: 'asc' } as const;

describe('tenant isolation in the device and command stores', () => {
  it('neither returns, counts nor changes another tenant’s devices and commands', async () => {
    const a = await seedTenant(h, 'alfa');
    const b = await seedTenant(h, 'bravo');
    const scopeA = { tenantId: a.tenant.id, admin: false };
    const scopeB = { tenantId: b.tenant.id, admin: false };
    const admin = { tenantId: null, admin: true };
    const now = h.clock.now;
    const device = (id: string, sn: string, tenant: string | null) =>
      insertDevice(h.store.db, {
        id,
        sn,
        tenant_id: tenant,
        registered: tenant ? 1 : 0,
        alias: `alias ${sn}`,
        mac: tenant ? `0C1A2B3C4D${sn.slice(-2)}` : '',
        created_at: now,
        updated_at: now,
      });
    await device('da', 'AP2024000001', a.tenant.id);
    await device('db', 'AP2024000002', b.tenant.id);
    await device('dn', 'AP2024000003', null);
    const command = (id: string, deviceId: string, tenant: string | null) =>
      insertCommand(h.store.db, {
        id,
        device_id: deviceId,
        tenant_id: tenant,
        sn: 'X',
        kind: 'reboot',
        status: 'held',
        issued_by: null,
        issued_at: now,
        expires_at: now + 1000,
      });
    await command('ca', 'da', a.tenant.id);
    await command('cb', 'db', b.tenant.id);

    expect(await findDevice(h.store.db, scopeA, { id: 'db' })).toBeUndefined();
    expect(await findDevice(h.store.db, scopeA, { sn: 'AP2024000002' })).toBeUndefined();
    expect(await findDevice(h.store.db, scopeA, { sn: 'AP2024000003' })).toBeUndefined();
    expect((await findDevice(h.store.db, scopeA, { id: 'da' }))?.sn).toBe('AP2024000001');
    expect((await pageDevices(h.store.db, scopeA, page)).rows.map((d) => d.id)).toEqual(['da']);
    expect((await pageDevices(h.store.db, scopeA, { ...page, search: 'AP2024000002' })).count).toBe(0);
    expect((await listDevices(h.store.db, scopeA, { sns: ['AP2024000002'] }, 10)).length).toBe(0);
    expect(await countDevices(h.store.db, scopeA, {})).toBe(1);
    expect((await tallyDevices(h.store.db, scopeA, {})).reduce((n, t) => n + t.n, 0)).toBe(1);
    expect(await aliasTaken(h.store.db, scopeA, 'alias AP2024000002', null)).toBe(false);
    expect(await tenantHasDevices(h.store.db, scopeA, b.tenant.id)).toBe(false);
    expect(await countDevices(h.store.db, admin, {})).toBe(3);

    expect(await updateDevice(h.store.db, scopeA, 'db', { alias: 'hijacked' })).toBe(0);
    expect((await findDevice(h.store.db, scopeB, { id: 'db' }))?.alias).toBe('alias AP2024000002');
    expect(await updateDevice(h.store.db, scopeA, 'da', { alias: 'renamed' })).toBe(1);

    expect(
      (await pageCommands(h.store.db, scopeA, { offset: 0, limit: 10, direction: 'desc' })).rows.map(
        (c) => c.id,
      ),
    ).toEqual(['ca']);
    expect(
      (await pageCommands(h.store.db, scopeA, { deviceId: 'db', offset: 0, limit: 10, direction: 'desc' }))
        .count,
    ).toBe(0);
    expect(await findOpenCommand(h.store.db, scopeA, 'db', 'reboot')).toBeUndefined();
    expect(await cancelOpenCommands(h.store.db, scopeA, 'db', now)).toBe(0);
    expect((await findOpenCommand(h.store.db, scopeB, 'db', 'reboot'))?.status).toBe('held');
  });
});

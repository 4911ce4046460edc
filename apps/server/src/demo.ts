import { configAddBody, configUpdateBody } from '@netconsole/contract';
import { newId } from './platform/ids.ts';
import type { Services } from './app.ts';
import type { Db } from './platform/store/db.ts';
import { insertRelease } from './domains/app/store.ts';
import { seedFirmwareDemo } from './domains/firmware/demo.ts';
import { withStartLock } from './bootstrap.ts';

export const DEMO_TENANT = { username: 'demo', password: 'demo1234' };
export const DEMO_COADMIN = { username: 'demoops', password: 'demo1234' };

const ADMIN = { tenantId: null, admin: true };

/**
 * Demo mode: a tenant with every permission and a co-administrator with fewer, made through the
 * same services the console's own screens call. Runs once: an existing demo tenant is left as is,
 * also when several nodes start together (the check and the seed run under the start lock).
 */
export async function seedDemo(db: Db, services: Services, now: number): Promise<boolean> {
  return withStartLock(db, () => seed(db, services, now));
}

async function seed(db: Db, services: Services, now: number): Promise<boolean> {
  if (await services.tenants.findByName(ADMIN, 'Demo Networks')) return false;
  const tenant = await services.tenants.create(ADMIN, {
    name: 'Demo Networks',
    phone: '13800138000',
    email: 'demo@example.com',
    operation: { Certified: true, Analysis: true, Financial: true, AddUser: true },
  });
  // Demo sessions last 30 idle minutes, so a visitor reading a page is not signed out.
  const owner = await services.users.createTenantOwner(tenant.id, {
    ...DEMO_TENANT,
    name: 'Demo Tenant',
    email: 'demo@example.com',
    phone: '13800138000',
    timeoutMinutes: 30,
  });
  await services.users.createCoAdministrator({ tenantId: tenant.id, admin: false }, tenant.id, {
    ...DEMO_COADMIN,
    name: 'Demo Operator',
    timeoutMinutes: 30,
    operation: { Certified: false, Analysis: true, Financial: false },
  });
  await seedProfiles(services, { scope: { tenantId: tenant.id, admin: false }, ...owner });
  await seedFirmwareDemo(services.images);
  for (const [platform, url] of [
    ['android', 'https://downloads.example.com/netconsole/android/netconsole-2.4.0.apk'],
    ['ios', 'https://apps.example.com/netconsole-ios'],
  ] as const) {
    await insertRelease(db, {
      id: newId(),
      platform,
      version: '2.4.0',
      url,
      notes: 'Demo release',
      active: 1,
      created_at: now,
    });
  }
  return true;
}

/** Two AP profiles and a switch profile, so the configuration screens open on something real. */
async function seedProfiles(
  services: Services,
  owner: { scope: { tenantId: string; admin: false }; id: string; username: string },
): Promise<void> {
  const actor = { scope: owner.scope, userId: owner.id, username: owner.username };
  const profiles = [
    {
      Name: 'Office Wi-Fi',
      Description: 'Staff and guest networks for the head office',
      Type: 2,
      CycleTime: 30,
      Radios: [
        { Band: '2.4', Width: 20 },
        { Band: '5', Width: 80 },
      ],
      Groups: [
        { SSID: 'Demo-Staff', Encryption: 'wpa2', Key: 'demo-staff-2026', Roaming: true, VLAN: 10 },
        {
          SSID: 'Demo-Guest',
          Encryption: 'open',
          Portal: true,
          Isolation: true,
          Bandwidth: { Up: '512K', Down: '3M' },
          VLAN: 20,
          Schedule: [{ Days: [1, 2, 3, 4, 5], Start: '08:00', End: '20:00' }],
        },
      ],
    },
    {
      Name: 'Warehouse Wi-Fi',
      Description: 'Scanners on 2.4 GHz, a fixed address',
      Type: 2,
      CycleTime: 60,
      IPMode: 'static',
      IP: '192.168.20.10',
      NetMask: '255.255.255.0',
      GateWay: '192.168.20.1',
      DNS1: '192.168.20.1',
      Groups: [{ SSID: 'Demo-Scanners', Bands: ['2.4'], Encryption: 'wpa_wpa2', Key: 'scanners-only-42' }],
    },
    {
      Name: 'Access switch',
      Description: 'Uplink trunk on port 24, PoE for the APs on ports 1-4',
      Type: 3,
      Ports: [
        ...[1, 2, 3, 4].map((Port) => ({
          Port,
          PVID: 1,
          TaggedVlans: [10, 20],
          Poe: { Enabled: true, Priority: 'high', MaxW: 30 },
        })),
        { Port: 24, PVID: 1, TaggedVlans: [10, 20], Description: 'Uplink' },
      ],
    },
    {
      Name: 'Branch router',
      Description: 'PPPoE uplink, office LAN with DHCP',
      Type: 4,
      IPMode: 'pppoe',
      Pppoe: { Username: 'demo@isp.example', Password: 'demo-pppoe-2026' },
      Lan: {
        IP: '192.168.10.1',
        NetMask: '255.255.255.0',
        DhcpEnabled: true,
        DhcpStart: '192.168.10.100',
        DhcpEnd: '192.168.10.199',
      },
    },
  ];
  const made = [];
  for (const p of profiles) made.push((await services.configs.create(actor, configAddBody.parse(p))).list);
  // A second version of the office profile, so the history screen has a change to compare.
  const office = made[0]!;
  const detail = (await services.configs.detail(owner.scope, office._id)).list;
  await services.configs.update(
    actor,
    configUpdateBody.parse({
      ...profiles[0],
      _id: office._id,
      Description: detail.Description,
      Groups: profiles[0]!.Groups!.map((g) =>
        g.SSID === 'Demo-Guest' ? { ...g, Bandwidth: { Up: '1M', Down: '5M' } } : g,
      ),
    }),
  );
}

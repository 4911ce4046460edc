/**
 * Demo data of the alarm area (spec §3 Alarm settings, §4 handling): the demo tenant's networks get
 * settings that send mail to the tenant's address, the head office a limit alarm on its clients
 * (raised for real by the engine once the simulated fleet reports), and a short history — open
 * and cleared alarms, some treated — so /log/alarm and the dashboard show alarms on a first visit.
 * The live fleet adds its own: its random loops, PoE faults and PPPoE drops are alarms too.
 */
import { AlarmType, alarmTypeLabels, type AlarmSettingInput } from '@netconsole/contract';
import type { Insertable } from 'kysely';
import type { Principal, Scope } from '../../platform/auth/guard.ts';
import { newId } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import type { AlarmEngine } from './engine.ts';
import type { AlarmSettings } from './settings.ts';
import { insertAlarm, members, networkNames } from './store.ts';
import type { AlarmTable } from './tables.ts';
import { alarmText } from './texts.ts';

const HOUR = 3_600_000;

/** The types the demo sends by mail, with their level. */
const MAILED: [AlarmType, 1 | 2 | 3][] = [
  [AlarmType.DeviceOffline, 2],
  [AlarmType.AllDevicesOffline, 3],
  [AlarmType.Cpu, 2],
  [AlarmType.Memory, 2],
  [AlarmType.SwitchLoop, 3],
  [AlarmType.PacketLoss, 2],
  [AlarmType.Pppoe, 3],
  [AlarmType.Vpn, 2],
];

/**
 * Seeds the demo tenant's alarm settings and history; call once, after the demo's devices are
 * placed in their networks (demo-fleet.ts), with the tenant owner (whose e-mail is bound).
 */
export async function seedAlarmDemo(
  db: Db,
  deps: { settings: AlarmSettings; engine: AlarmEngine },
  tenantId: string,
  owner: { id: string; username: string },
  now: number,
): Promise<void> {
  const scope: Scope = { tenantId, admin: false };
  const principal: Principal = {
    sessionId: '',
    userId: owner.id,
    username: owner.username,
    tenantId,
    role: 1,
    type: 1,
    roles: ['user'],
  };
  const networks = await networkNames(db, scope);
  const email = 'demo@example.com';
  for (const n of networks) {
    const Alarms: AlarmSettingInput[] = MAILED.map(([Type, Level]) => ({
      Type,
      Enable: true,
      Level,
      Push: ['mail', 'app'],
      Phone: [],
      Email: [email],
      Limit: 0,
      Description: '',
    }));
    await deps.settings.updateNetwork(principal, scope, { _id: n.id, Alarms }, 'en');
  }
  const office = networks.find((n) => n.name === 'Head office');
  if (office) {
    await deps.settings.addLimit(principal, scope, {
      Network: office.id,
      Name: 'Busy office',
      Description: 'More than 20 clients online at the head office',
      Metric: 'clients',
      Max: 20,
      Limit: 60,
      Enable: true,
      Level: 1,
      Push: ['app'],
      Phone: [],
      Email: [],
    });
  }
  // History: what happened in the last day, on the demo's own devices.
  const devices = await members(
    db,
    networks.map((n) => n.id),
  );
  const nameOf = new Map(networks.map((n) => [n.id, n.name]));
  const pick = (type: number, index = 0) => devices.filter((d) => d.type === type)[index];
  const past: {
    device: (typeof devices)[number] | undefined;
    type: AlarmType;
    level: 1 | 2 | 3;
    subject: string;
    raisedH: number;
    clearedH: number | null;
    treated: boolean;
    value?: number;
    threshold?: number;
  }[] = [
    {
      device: pick(2, 3),
      type: AlarmType.DeviceOffline,
      level: 2,
      subject: '',
      raisedH: 20,
      clearedH: 19.5,
      treated: true,
    },
    {
      device: pick(4, 1),
      type: AlarmType.Pppoe,
      level: 3,
      subject: 'wan1',
      raisedH: 9,
      clearedH: 8.8,
      treated: true,
    },
    {
      device: pick(4, 0),
      type: AlarmType.Cpu,
      level: 2,
      subject: '',
      raisedH: 5,
      clearedH: 4.5,
      treated: false,
      value: 96,
      threshold: 90,
    },
    {
      device: pick(3, 0),
      type: AlarmType.SwitchLoop,
      level: 3,
      subject: 'port 9',
      raisedH: 2,
      clearedH: null,
      treated: true,
    },
    {
      device: pick(4, 2),
      type: AlarmType.DhcpServer,
      level: 3,
      subject: '192.168.1.250',
      raisedH: 1,
      clearedH: null,
      treated: false,
    },
  ];
  for (const p of past) {
    const d = p.device;
    if (!d?.parent || !d.tenant_id) continue;
    const network = nameOf.get(d.parent) ?? '';
    const name = d.alias || d.sn;
    const text = alarmText(p.type, {
      device: name,
      network,
      subject: p.subject,
      value: p.value,
      threshold: p.threshold,
    });
    const raised = now - p.raisedH * HOUR;
    const row: Insertable<AlarmTable> = {
      id: newId(),
      tenant_id: d.tenant_id,
      network_id: d.parent,
      network_name: network,
      device_id: d.id,
      sn: d.sn,
      device_name: name,
      type: p.type,
      name_en: alarmTypeLabels[p.type].en,
      name_zh: alarmTypeLabels[p.type].zh,
      subject: p.subject,
      level: p.level,
      text_en: text.en,
      text_zh: text.zh,
      open_key: p.clearedH === null ? `${d.id}:${p.type}:${p.subject}` : null,
      raised_at: raised,
      cleared_at: p.clearedH === null ? null : now - p.clearedH * HOUR,
      handle: p.treated ? 1 : 0,
      handled_by: p.treated ? owner.id : null,
      handled_by_name: p.treated ? owner.username : null,
      handled_at: p.treated ? raised + 0.2 * HOUR : null,
      behind: 0,
      repeats: 0,
    };
    await insertAlarm(db, row);
  }
  // The open ones are the engine's from now on: cleared when the device reports the condition gone.
  await deps.engine.takeOver();
}

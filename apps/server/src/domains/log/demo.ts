/**
 * Demo data of the log screens: a week of the demo tenant's audit trail (sign-ins, a failed one,
 * sites, devices, profiles, deliveries, a refusal) and a day of device logs and switch events for
 * its registered devices, so /log/list, /log/device and a switch's event log open on something real.
 * The simulated fleet then keeps adding device logs and events live (apps/device-sim: `logs` about
 * 6 and `events` about 2 per device and hour). Runs once, on the demo's first start, after the fleet
 * is registered (demo-fleet.ts).
 */
import {
  DeviceType,
  LogLevel,
  LogSource,
  Severity,
  levelOfSeverity,
  logModuleOf,
} from '@netconsole/contract';
import { newId } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import type { Insertable } from 'kysely';
import type { AuditLogTable, DeviceLogTable } from './tables.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** [hours ago, account, method, path, code, object, outcome] */
const TRAIL: readonly [number, string, string, string, number, string, number][] = [
  [166, 'demo', 'POST', '/v1/user/login', 1, 'demo', 0],
  [165, 'demo', 'POST', '/v1/network/createNet', 19, 'Head Office', 0],
  [165, 'demo', 'POST', '/v1/network/createNet', 19, 'Warehouse', 0],
  [164, 'demo', 'POST', '/v1/device/add', 11, 'demo fleet', 0],
  [140, 'demo', 'POST', '/v1/config/add', 25, 'Office Wi-Fi', 0],
  [139, 'demo', 'POST', '/v1/config/newdispatch', 28, 'Office Wi-Fi', 0],
  [120, 'demoops', 'POST', '/v1/user/login', 1, 'demoops', 11005],
  [120, 'demoops', 'POST', '/v1/user/login', 1, 'demoops', 0],
  [119, 'demoops', 'PUT', '/v1/device/update', 13, 'Lobby AP', 0],
  [96, 'demoops', 'POST', '/v1/config/add', 25, 'Warehouse scanners', 12006],
  [72, 'demo', 'PUT', '/v1/network/updateNetInfo', 20, 'Head Office', 0],
  [50, 'demo', 'POST', '/v1/config/fw/dispatch', 64, 'v2.00.003', 0],
  [26, 'demo', 'POST', '/v1/controller/deviceContrl', 16, 'reboot', 0],
  [3, 'demo', 'POST', '/v1/user/login', 1, 'demo', 0],
  [2, 'demo', 'POST', '/v1/client/updateAlias', 18, 'Reception tablet', 0],
];

/** A demo entry before its device and time are known. */
type Line = Omit<
  DeviceLogTable,
  'id' | 'tenant_id' | 'device_id' | 'sn' | 'network_id' | 'status' | 'created_at' | 'received_at'
>;

/** A `logs` line (protocol §6.7): a level, a subsystem, a text. */
function line(level: LogLevel, module: string, text: string): Line {
  return {
    kind: 'log',
    level,
    severity: null,
    module,
    type: null,
    port: null,
    active: null,
    code: null,
    text,
  };
}

/**
 * An event (protocol §6.6) of a type (`module`), its level read from its severity as the ingest reads
 * it; `more` holds the switch event type, port, active flag or code it has.
 */
function event(
  severity: Severity,
  module: string,
  text: string,
  more: Partial<Pick<Line, 'type' | 'port' | 'active' | 'code'>> = {},
): Line {
  return { ...line(levelOfSeverity(severity), module, text), kind: 'event', severity, ...more };
}

const SWITCH_LINES: readonly Line[] = [
  event(Severity.General, 'reboot_completed', 'power on', { type: 3 }),
  event(Severity.Medium, 'port_down', 'port 7', { type: 4, port: 7 }),
  event(Severity.General, 'port_up', 'port 7, 1000', { type: 5, port: 7 }),
  event(Severity.General, 'stp', 'topology change (port 1)', { type: 2, port: 1 }),
  line(LogLevel.Info, 'poe', 'port 3 delivering 12.4 W'),
];
const AP_LINES: readonly Line[] = [
  event(Severity.General, 'reboot_completed', 'firmware upgrade', { type: 3 }),
  line(LogLevel.Info, 'wifi', 'radio 5 GHz channel 44 chosen (auto)'),
  line(LogLevel.Warn, 'wifi', 'channel utilisation 78% on 2.4 GHz'),
  line(LogLevel.Info, 'dhcp', 'lease 10.10.0.57 to a phone'),
];
const ROUTER_LINES: readonly Line[] = [
  line(LogLevel.Info, 'pppoe', 'session up, address 100.64.12.7'),
  line(LogLevel.Warn, 'dhcp', 'pool lan 90% used'),
  event(Severity.Medium, 'pppoe', 'raised, WAN1, timeout', { active: 1, code: 'timeout' }),
  event(Severity.General, 'pppoe', 'cleared, WAN1', { active: 0 }),
  event(Severity.Severe, 'config_error', 'VLAN 5000 refused (vlan_range)', { type: 7, code: 'vlan_range' }),
];

export async function seedLogDemo(db: Db, tenantId: string, now: number): Promise<void> {
  const accounts = await db
    .selectFrom('users')
    .select(['id', 'username', 'role'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const byName = new Map(accounts.map((a) => [a.username, a]));
  const audit: AuditLogTable[] = TRAIL.map(([hours, name, method, path, code, object, outcome]) => {
    const a = byName.get(name);
    const signedIn = outcome === 0 || path !== '/v1/user/login';
    return {
      id: newId(),
      tenant_id: tenantId,
      account_id: a?.id ?? null,
      account_name: name,
      role: a && signedIn ? a.role : null,
      address: name === 'demo' ? '203.0.113.24' : '198.51.100.7',
      method,
      path,
      code,
      module: logModuleOf(code) ?? 'others',
      object,
      outcome,
      level: outcome === 0 ? LogLevel.Info : LogLevel.Warn,
      source: signedIn ? LogSource.User : LogSource.Unknown,
      created_at: now - hours * HOUR,
    };
  });
  await db.insertInto('audit_logs').values(audit).execute();

  const devices = await db
    .selectFrom('devices')
    .select(['id', 'sn', 'type', 'parent'])
    .where('tenant_id', '=', tenantId)
    .where('registered', '=', 1)
    .execute();
  const rows: Insertable<DeviceLogTable>[] = [];
  for (const [i, d] of devices.entries()) {
    const lines =
      d.type === DeviceType.Switch ? SWITCH_LINES : d.type === DeviceType.Router ? ROUTER_LINES : AP_LINES;
    lines.forEach((line, j) => {
      // Spread over the last day, each device at its own minutes.
      const at = now - DAY + ((j + 1) * DAY) / (lines.length + 1) + i * 37_000;
      rows.push({
        ...line,
        id: newId(),
        tenant_id: tenantId,
        device_id: d.id,
        sn: d.sn,
        network_id: d.parent,
        status: 0,
        created_at: Math.round(at),
        received_at: Math.round(at),
      });
    });
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('device_logs')
      .values(rows.slice(i, i + 200))
      .execute();
}

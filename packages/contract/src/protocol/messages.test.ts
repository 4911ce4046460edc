import { describe, expect, it } from 'vitest';
import { normalizeMac } from '../validators.ts';
import { ackMessage } from './acks.ts';
import { PROTOCOL_LIMITS } from './constants.ts';
import { DEFAULT_TELEMETRY, deviceConfigBody, downCommand, telemetrySettings } from './down.ts';
import { EXAMPLES } from './examples.ts';
import { downSchemas, upSchemas } from './messages.ts';
import { isWireMac } from './primitives.ts';
import type { DownKind, UpKind } from './topics.ts';

function example(name: string): Record<string, unknown> {
  const found = EXAMPLES.find((e) => e.name === name);
  if (!found) throw new Error(`no example ${name}`);
  return structuredClone(found.message);
}
const upOk = (kind: UpKind, message: unknown) => upSchemas[kind].safeParse(message).success;
const downOk = (kind: DownKind, message: unknown) => downSchemas[kind].safeParse(message).success;

describe('envelope', () => {
  it('needs v, ts and seq of the right types', () => {
    const stats = example('stats of an access point');
    expect(upOk('stats', stats)).toBe(true);
    for (const field of ['v', 'ts', 'seq']) {
      const { [field]: _dropped, ...rest } = stats;
      expect(upOk('stats', rest), `without ${field}`).toBe(false);
    }
    expect(upOk('stats', { ...stats, v: 2 })).toBe(false);
    expect(upOk('stats', { ...stats, v: '1' })).toBe(false);
    expect(upOk('stats', { ...stats, ts: 1.5 })).toBe(false);
    expect(upOk('stats', { ...stats, ts: '1767258000000' })).toBe(false);
    expect(upOk('stats', { ...stats, seq: -1 })).toBe(false);
    expect(upOk('stats', { ...stats, seq: 2 ** 32 })).toBe(false);
  });

  it('ignores unknown fields (forward compatibility) and drops them from the result', () => {
    const parsed = upSchemas.stats.parse({ ...example('stats of an access point'), futureField: { x: 1 } });
    expect(parsed).not.toHaveProperty('futureField');
  });

  it('refuses a payload that is not an object', () => {
    for (const value of [null, [], 'stats', 42]) expect(upOk('stats', value)).toBe(false);
  });
});

describe('MAC addresses', () => {
  it('are exactly the stored form of the contract', () => {
    for (const mac of ['0C1A2B3C4D5E', 'AABBCCDDEEFF', '000000000000']) {
      expect(isWireMac(mac)).toBe(true);
      expect(normalizeMac(mac)).toBe(mac);
    }
    for (const mac of [
      '0c1a2b3c4d5e',
      '0C:1A:2B:3C:4D:5E',
      '0C-1A-2B-3C-4D-5E',
      '0C1A2B3C4D5',
      '0C1A2B3C4D5G',
      '',
    ]) {
      expect(isWireMac(mac)).toBe(false);
    }
  });

  it('are refused in any other spelling', () => {
    const hello = example('hello from an access point');
    expect(upOk('hello', { ...hello, mac: '0c1a2b3c4d01' })).toBe(false);
    expect(upOk('hello', { ...hello, mac: '0C:1A:2B:3C:4D:01' })).toBe(false);
    expect(upOk('hello', { ...hello, macs: ['0C1A2B3C4D0'] })).toBe(false);
    const kick = example('kick a client for ten minutes');
    expect(downOk('kick_client', { ...kick, mac: '3C-22-FB-44-55-66' })).toBe(false);
    const clients = example('client table, one page') as { clients: Record<string, unknown>[] };
    clients.clients[0]!.mac = 'A4C3F011223';
    expect(upOk('clients', clients)).toBe(false);
  });
});

describe('IPv4 addresses', () => {
  it('use the contract rule', () => {
    const state = example('state of an access point');
    expect(upOk('state', { ...state, ip: '192.168.1.256' })).toBe(false);
    expect(upOk('state', { ...state, ip: '192.168.01.20' })).toBe(false);
    expect(upOk('state', { ...state, ip: '' })).toBe(false);
    expect(upOk('state', { ...state, ip: null })).toBe(true);
    expect(upOk('state', { ...state, mask: '255.0.255.0' })).toBe(false);
  });
});

describe('wrong types', () => {
  it.each([
    ['hello', 'hello from an access point', { type: 5 }],
    ['hello', 'hello from an access point', { type: '2' }],
    ['hello', 'hello from an access point', { fwVersion: '2.0.2' }],
    ['hello', 'hello from an access point', { model: 'A 1' }],
    ['hello', 'hello from an access point', { bootId: 'short' }],
    ['hello', 'hello from an access point', { capabilities: { commands: ['Reboot'] } }],
    ['stats', 'stats of an access point', { cpuPct: 101 }],
    ['stats', 'stats of an access point', { rxBytes: -1 }],
    ['stats', 'stats of an access point', { rxBytes: 2 ** 53 }],
    ['stats', 'stats of an access point', { clients: '2' }],
    ['ports', 'port table of a PoE switch (two of its ports)', { ports: [{ port: 0 }] }],
    ['events', 'switch events', { events: [] }],
    ['events', 'switch events', { events: [{ ts: 1, type: 'Port Down' }] }],
    ['logs', 'log lines', { lines: [{ ts: 1, level: 5, text: 'x' }] }],
    ['logs', 'log lines', { lines: [{ ts: 1, level: 2, text: 'two\nlines' }] }],
    ['offline', 'last will', { session: undefined }],
  ] as const)('%s refuses %j', (kind, name, patch) => {
    expect(upOk(kind, example(name))).toBe(true);
    expect(upOk(kind, { ...example(name), ...patch })).toBe(false);
  });

  it('accepts unknown values of open enumerations', () => {
    const events = example('switch events');
    expect(upOk('events', { ...events, events: [{ ts: 1, type: 'fan_failure', code: 'fan_2' }] })).toBe(true);
    const hello = example('hello from an access point');
    expect(upOk('hello', { ...hello, bootReason: 'brownout' })).toBe(true);
  });
});

describe('size limits', () => {
  const client = (example('client table, one page') as { clients: unknown[] }).clients[0];

  it('cap clients per page and keep pages consistent', () => {
    const page = example('client table, one page');
    const full = Array.from({ length: PROTOCOL_LIMITS.maxClientsPerMessage }, () => client);
    expect(upOk('clients', { ...page, clients: full, total: full.length })).toBe(true);
    expect(upOk('clients', { ...page, clients: [...full, client], total: full.length + 1 })).toBe(false);
    expect(upOk('clients', { ...page, page: 2, pages: 1 })).toBe(false);
    expect(upOk('clients', { ...page, total: 1 })).toBe(false);
    expect(upOk('clients', { ...page, pages: PROTOCOL_LIMITS.maxClientPages + 1 })).toBe(false);
  });

  it('cap LLDP neighbours, events, log lines and diagnosis targets', () => {
    const lldp = example('LLDP neighbours of a switch') as { neighbors: unknown[] };
    const n = lldp.neighbors[0];
    const neighbors = Array.from({ length: PROTOCOL_LIMITS.maxLldpNeighbors + 1 }, () => n);
    expect(upOk('lldp', { ...lldp, neighbors: neighbors.slice(1) })).toBe(true);
    expect(upOk('lldp', { ...lldp, neighbors })).toBe(false);

    const events = example('switch events') as { events: unknown[] };
    const manyEvents = Array.from(
      { length: PROTOCOL_LIMITS.maxEventsPerMessage + 1 },
      () => events.events[0],
    );
    expect(upOk('events', { ...events, events: manyEvents })).toBe(false);

    const logs = example('log lines') as { lines: unknown[] };
    const manyLines = Array.from({ length: PROTOCOL_LIMITS.maxLogLinesPerMessage + 1 }, () => logs.lines[0]);
    expect(upOk('logs', { ...logs, lines: manyLines })).toBe(false);
    const longLine = { ts: 1, level: 2, text: 'x'.repeat(PROTOCOL_LIMITS.maxLogText + 1) };
    expect(upOk('logs', { ...logs, lines: [longLine] })).toBe(false);

    const ping = example('ping two targets');
    expect(downOk('run_diagnosis', { ...ping, targets: Array.from({ length: 11 }, () => '8.8.8.8') })).toBe(
      false,
    );
  });

  it('enforce the diagnosis limits of the spec (count 30, size 1464)', () => {
    const ping = example('ping two targets');
    expect(downOk('run_diagnosis', { ...ping, count: 30, sizeBytes: 1464 })).toBe(true);
    expect(downOk('run_diagnosis', { ...ping, count: 31 })).toBe(false);
    expect(downOk('run_diagnosis', { ...ping, sizeBytes: 1465 })).toBe(false);
    expect(downOk('run_diagnosis', { ...ping, targets: [] })).toBe(false);
    expect(downOk('run_diagnosis', { ...ping, targets: ['999.1.1.1'] })).toBe(false);
    expect(downOk('run_diagnosis', { ...ping, targets: ['bad host'] })).toBe(false);
    expect(downOk('run_diagnosis', { ...ping, type: 3 })).toBe(false);
  });
});

describe('commands', () => {
  it('need an id, a matching cmd and an expiry', () => {
    const reboot = example('reboot command');
    expect(downOk('reboot', reboot)).toBe(true);
    const { id: _id, ...withoutId } = reboot;
    expect(downOk('reboot', withoutId)).toBe(false);
    expect(downOk('reboot', { ...reboot, id: '' })).toBe(false);
    expect(downOk('reboot', { ...reboot, id: 'has space' })).toBe(false);
    expect(downOk('reboot', { ...reboot, id: 'x'.repeat(65) })).toBe(false);
    const { expires: _expires, ...withoutExpiry } = reboot;
    expect(downOk('reboot', withoutExpiry)).toBe(false);
    expect(downOk('reboot', { ...reboot, cmd: 'reset' })).toBe(false);
  });

  it('are told apart by cmd', () => {
    for (const e of EXAMPLES.filter((x) => x.direction === 'down' && x.kind !== 'welcome')) {
      const parsed = downCommand.parse(e.message);
      expect(parsed.cmd).toBe(e.kind);
    }
    expect(downCommand.safeParse({ ...example('reboot command'), cmd: 'format_disk' }).success).toBe(false);
  });

  it('check firmware fields', () => {
    const fw = example('upgrade firmware');
    expect(downOk('upgrade_firmware', { ...fw, md5: 'd41d8cd98f00b204e9800998ecf8427' })).toBe(false);
    expect(downOk('upgrade_firmware', { ...fw, url: 'ftp://example.com/fw.bin' })).toBe(false);
    expect(downOk('upgrade_firmware', { ...fw, checksum: '35a231a' })).toBe(false);
    expect(downOk('upgrade_firmware', { ...fw, fwVersion: 'v2.00.0003.1' })).toBe(false);
  });
});

describe('configuration body', () => {
  const config = () =>
    (example('apply an inline configuration') as { source: { config: Record<string, unknown> } }).source
      .config;
  const office = () => (config().wireless as Record<string, unknown>[])[0]!;

  it('needs at least one section', () => {
    expect(deviceConfigBody.safeParse({}).success).toBe(false);
    expect(deviceConfigBody.safeParse({ network: { mode: 'dhcp' } }).success).toBe(true);
  });

  it('checks keys against the security mode', () => {
    const parse = (group: Record<string, unknown>) =>
      deviceConfigBody.safeParse({ wireless: [group] }).success;
    expect(parse(office())).toBe(true);
    expect(parse({ ...office(), key: 'short' })).toBe(false);
    expect(parse({ ...office(), key: undefined })).toBe(false);
    expect(parse({ ...office(), security: 'open' })).toBe(false);
    expect(parse({ ...office(), security: 'open', key: undefined })).toBe(true);
    expect(parse({ ...office(), security: 'wep', key: 'abcde' })).toBe(true);
    expect(parse({ ...office(), security: 'wep', key: 'abcdef' })).toBe(false);
  });

  it('enforces the spec limits of wireless groups', () => {
    const groups = (n: number) => Array.from({ length: n }, (_, i) => ({ ...office(), ssid: `Office ${i}` }));
    expect(deviceConfigBody.safeParse({ wireless: groups(8) }).success).toBe(true);
    expect(deviceConfigBody.safeParse({ wireless: groups(9) }).success).toBe(false);
    expect(deviceConfigBody.safeParse({ wireless: [{ ...office(), vlanId: 1 }] }).success).toBe(false);
    expect(deviceConfigBody.safeParse({ wireless: [{ ...office(), vlanId: 4095 }] }).success).toBe(false);
    expect(deviceConfigBody.safeParse({ wireless: [{ ...office(), maxClients: 0 }] }).success).toBe(false);
    expect(
      deviceConfigBody.safeParse({ wireless: [{ ...office(), ssid: '办公室办公室办公室办公室' }] }).success,
    ).toBe(false);
    expect(deviceConfigBody.safeParse({ wireless: [{ ...office(), ssid: '办公室' }] }).success).toBe(true);
  });

  it('needs a complete static address', () => {
    const network = {
      mode: 'static',
      ip: '192.168.1.20',
      mask: '255.255.255.0',
      gateway: '192.168.1.1',
      dns1: '192.168.1.1',
    };
    expect(deviceConfigBody.safeParse({ network }).success).toBe(true);
    expect(deviceConfigBody.safeParse({ network: { ...network, gateway: undefined } }).success).toBe(false);
    expect(deviceConfigBody.safeParse({ network: { ...network, mask: '255.255.255.1' } }).success).toBe(
      false,
    );
  });

  it('takes the admin password as a SHA-512 crypt hash only', () => {
    const hash = `$6$saltsalt$${'a'.repeat(86)}`;
    expect(deviceConfigBody.safeParse({ admin: { username: 'admin', passwordHash: hash } }).success).toBe(
      true,
    );
    expect(
      deviceConfigBody.safeParse({ admin: { username: 'admin', passwordHash: 'admin123' } }).success,
    ).toBe(false);
  });
});

describe('telemetry settings', () => {
  it('has valid defaults', () => {
    expect(telemetrySettings.parse(DEFAULT_TELEMETRY)).toEqual(DEFAULT_TELEMETRY);
    expect(DEFAULT_TELEMETRY.statsIntervalS).toBe(10);
  });

  it('bounds the cadences', () => {
    const cmd = example('faster stats for a live view');
    expect(downOk('set_telemetry', { ...cmd, telemetry: { statsIntervalS: 0 } })).toBe(false);
    expect(downOk('set_telemetry', { ...cmd, telemetry: { lldpIntervalS: 10 } })).toBe(false);
    expect(downOk('set_telemetry', { ...cmd, telemetry: { upload: { dnsLog: true } } })).toBe(true);
  });
});

describe('acks', () => {
  it('are discriminated by command, then state', () => {
    const ok = (m: unknown) => ackMessage.safeParse(m).success;
    const accepted = example('reboot accepted');
    expect(ok(accepted)).toBe(true);
    expect(ok({ ...accepted, state: 'done' })).toBe(false);
    // A kind this contract does not know: only its rejection is a report (protocol §10).
    expect(ok({ ...accepted, cmd: 'weather' })).toBe(false);
    expect(ok({ ...accepted, cmd: 'weather', state: 'rejected', code: 'unsupported_command' })).toBe(true);
    expect(ok({ ...accepted, cmd: 'weather', state: 'rejected' })).toBe(false);
    expect(ok({ ...accepted, cmd: 'weather', state: 'succeeded' })).toBe(false);
    expect(ok({ ...accepted, cmd: 'Not A Kind', state: 'rejected', code: 'unsupported_command' })).toBe(
      false,
    );
    const { id: _id, ...withoutId } = accepted;
    expect(ok(withoutId)).toBe(false);
    // Stages belong to their command.
    expect(ok({ ...accepted, state: 'progress', stage: 'downloading' })).toBe(false);
    expect(
      ok({ ...accepted, cmd: 'upgrade_firmware', state: 'progress', stage: 'downloading', percent: 5 }),
    ).toBe(true);
    expect(
      ok({ ...accepted, cmd: 'upgrade_firmware', state: 'progress', stage: 'downloading', percent: 101 }),
    ).toBe(false);
    // Instant commands have no progress.
    expect(ok({ ...accepted, cmd: 'kick_client', state: 'progress', stage: 'rebooting' })).toBe(false);
    // A rejection or failure needs its reason.
    expect(ok({ ...accepted, state: 'rejected' })).toBe(false);
    expect(ok({ ...accepted, state: 'failed', code: 'Bad Code' })).toBe(false);
    expect(ok({ ...accepted, state: 'failed', code: 'future_reason' })).toBe(true);
  });

  it('carry the result the command defines', () => {
    const kicked = example('client kicked');
    expect(ackMessage.safeParse({ ...kicked, result: undefined }).success).toBe(false);
    const applied = example('firmware applied');
    expect(ackMessage.safeParse({ ...applied, result: { fwVersion: '2.0.3' } }).success).toBe(false);
  });

  it('pair a diagnosis result with the result stage', () => {
    const result = example('ping result of one target');
    expect(ackMessage.safeParse(result).success).toBe(true);
    expect(ackMessage.safeParse({ ...result, stage: 'running' }).success).toBe(false);
    expect(ackMessage.safeParse({ ...result, result: undefined }).success).toBe(false);
    expect(
      ackMessage.safeParse({ ...result, result: { ...(result.result as object), code: 3 } }).success,
    ).toBe(false);
  });
});

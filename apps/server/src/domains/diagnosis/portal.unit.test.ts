import { describe, expect, test } from 'vitest';
import { runDiagnosisCommand } from '@netconsole/contract';
import { portalChecks } from './portal.ts';

const config = { publicUrl: 'https://cloud.example.com' };

describe('portalChecks', () => {
  test('the portal page: its host pinged, one http check', () => {
    expect(
      portalChecks(config, { PortalUrl: 'https://Portal.Example.com:8443/login?ssid=a', Radius: [] }),
    ).toEqual({
      targets: ['portal.example.com'],
      checks: [{ kind: 'http', url: 'https://Portal.Example.com:8443/login?ssid=a' }],
    });
  });

  test('RADIUS servers: each pinged once, both ports checked; the page first', () => {
    const r = portalChecks(config, {
      PortalUrl: 'http://10.0.0.1/portal',
      Radius: [
        { Host: '10.0.0.1', AuthPort: 1812, AcctPort: 1813 },
        { Host: 'radius.example.com', AuthPort: 1645, AcctPort: 1646 },
      ],
    });
    expect(r.targets).toEqual(['10.0.0.1', 'radius.example.com']);
    expect(r.checks).toEqual([
      { kind: 'http', url: 'http://10.0.0.1/portal' },
      { kind: 'radius', host: '10.0.0.1', port: 1812 },
      { kind: 'radius', host: '10.0.0.1', port: 1813 },
      { kind: 'radius', host: 'radius.example.com', port: 1645 },
      { kind: 'radius', host: 'radius.example.com', port: 1646 },
    ]);
  });

  test('RADIUS only: no page checked; the same port twice is one check', () => {
    expect(
      portalChecks(config, {
        PortalUrl: null,
        Radius: [{ Host: '10.2.0.9', AuthPort: 1812, AcctPort: 1812 }],
      }),
    ).toEqual({
      targets: ['10.2.0.9'],
      checks: [{ kind: 'radius', host: '10.2.0.9', port: 1812 }],
    });
  });

  test("nothing named: the console's own guest portal (the built-in portal check)", () => {
    expect(portalChecks(config, { PortalUrl: null, Radius: [] })).toEqual({
      targets: ['cloud.example.com'],
      checks: [{ kind: 'http', url: 'https://cloud.example.com/' }],
    });
  });

  test('an IPv6 portal host is checked but not pinged (targets are IPv4 or names)', () => {
    expect(portalChecks(config, { PortalUrl: 'http://[2001:db8::1]/', Radius: [] }).targets).toEqual([]);
  });

  test('what it makes is a valid run_diagnosis', () => {
    const { targets, checks } = portalChecks(config, {
      PortalUrl: 'https://portal.example.com/',
      Radius: [
        { Host: '10.0.0.1', AuthPort: 1812, AcctPort: 1813 },
        { Host: '10.0.0.2', AuthPort: 1812, AcctPort: 1813 },
      ],
    });
    const command = {
      v: 1,
      ts: 1767261000000,
      id: '01JGX8W9DG0000000000000001',
      cmd: 'run_diagnosis',
      expires: 1767261600000,
      type: 1,
      targets,
      count: 4,
      sizeBytes: 56,
      checks,
    };
    expect(runDiagnosisCommand.safeParse(command).success).toBe(true);
  });
});

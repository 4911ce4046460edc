import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVICE_DROP_REASONS, deviceItem } from './device.ts';
import { speedReply, usageReply } from './telemetry.ts';

const doc = readFileSync(new URL('../../../../docs/device-protocol.md', import.meta.url), 'utf8');
/** The text from a heading to the next top-level (##) heading. */
function section(title: string): string {
  const start = doc.indexOf(title);
  expect(start, title).toBeGreaterThan(0);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}
/** Identity and state fields, whose meaning needs no unit. */
const UNITLESS = new Set([
  '_id',
  'SN',
  'MAC',
  'Alias',
  'Online',
  'Type',
  'Model',
  'IsMain',
  'HWVersion',
  'FWVersion',
  'Registered',
  'Trusted',
  'Parent',
  'ACSN',
  'Status',
  'Tenant',
  'Range',
]);

describe('docs/device-protocol.md and the device API', () => {
  it('lists every drop reason the device item counts, with its meaning (§8)', () => {
    const limits = section('## 8. Limits');
    for (const reason of DEVICE_DROP_REASONS)
      expect(limits, reason).toMatch(new RegExp(`\\| \`${reason}\` \\| \\w+`));
    expect(limits).toContain('`Drops`');
  });

  it('gives the unit of every field of the device item, the gauges and the speed (§11.5)', () => {
    const units = section('### 11.5 API reference: units and nulls');
    const fields = [
      ...Object.keys(deviceItem.shape),
      ...Object.keys(usageReply.shape),
      ...Object.keys(speedReply.shape),
    ].filter((f) => !UNITLESS.has(f));
    for (const f of new Set(fields)) expect(units, f).toContain(`\`${f}\``);
    expect(units).toMatch(/`MemoryTotal` \| \*\*bytes\*\*/);
  });

  it('answers what a firmware team had to guess (issue 13 point 7), each where it belongs', () => {
    const answers: [string, RegExp][] = [
      ['### 2.1', /`20 02 00 01`.*?connect again \*\*at once\*\* with protocol level 4/s],
      ['### 2.1', /\*\*Who terminates TLS\.\*\* The console process itself speaks plain TCP/],
      ['### 2.2', /client id with CONNACK 4 \(bad user name or password\) — not 2/],
      ['### 2.2', /\*\*one connection publishes and subscribes\*\*/],
      ['### 2.5', /\*\*on MQTT 3\.1\.1 a forbidden publish is acknowledged silently\*\*/],
      ['### 5.3 ', /\*\*A `welcome` can come at any time\*\*/],
      ['### 5.3.1', /`stats`\s+every 60 s/],
      ['### 5.3.1', /refused with error 12105/],
      ['### 5.3.1', /status \*\*Useless\*\*/],
      ['### 5.4', /\*\*A DISCONNECT without `offline`\*\*.*?offline \*\*at once\*\*/s],
      [
        '### 7.4',
        /\*\*The re-send right after the reboot\.\*\*[^]*?R1 is a known id: NOT executed[^]*?a reboot loop/,
      ],
      ['### 11.5', /`MemoryTotal` \| \*\*bytes\*\*/],
    ];
    for (const [heading, answer] of answers) {
      const start = doc.indexOf(heading);
      expect(start, heading).toBeGreaterThan(0);
      const end = doc.indexOf('\n### ', start + heading.length);
      expect(doc.slice(start, end < 0 ? undefined : end), `${heading}: ${answer}`).toMatch(answer);
    }
  });
});

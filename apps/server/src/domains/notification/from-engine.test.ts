/**
 * A real alarm, end to end: a simulated switch reports a loop through the broker, C's alarm engine
 * raises it (and later clears it), and the digest reaches the real SMTP server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AlarmType, DIGEST_WINDOW_MS } from '@netconsole/contract';
import { startSmtpPeer, type SmtpPeer } from '../../platform/notify/smtp-peer.ts';
import { eventually, randomToken } from '../../test/devices.ts';
import { alarmRig } from '../alarm/testing.ts';

const PREFIX = `NF${randomToken(4)}`;

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());

const rig = alarmRig(PREFIX, () => ({
  notify: { smtpUrl: smtp.url, mailFrom: 'Console <alarms@console.example>', sms: undefined },
}));
beforeEach(() => {
  smtp.received.length = 0;
});

describe('an alarm raised by the engine', () => {
  it('is mailed once when raised and once when cleared, each after its window', async () => {
    const { token, owner } = await rig.signIn('acme');
    await rig.h.store.db
      .updateTable('users')
      .set({ email: 'boss@acme.example' })
      .where('id', '=', owner.id)
      .execute();
    const site = await rig.site(token, 'Campus');
    const gw = await rig.device(token, 4, 'gw');
    const sw = await rig.device(token, 3, 'core-sw');
    await rig.place(token, site, { gateway: gw, switches: [sw] });
    const set = await rig.api.call(token, 'POST', '/v1/alarm/changeAlarm', {
      _id: site,
      Type: AlarmType.SwitchLoop,
      Enable: true,
      Level: 3,
      Push: ['mail'],
      Email: ['ops@acme.example'],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    await rig.event(sw, 'loop', { active: true, severity: 3, port: 9 });
    await rig.tick(0);
    await eventually(() => rig.raised.length === 1, 5000, 'alarm raised');
    rig.h.clock.advance(DIGEST_WINDOW_MS);
    await rig.h.services.jobs.runDue();
    expect(smtp.received.map((m) => m.to)).toEqual([['ops@acme.example']]);
    expect(smtp.received[0]!.raw).toContain('1 alarm in network Campus:');
    expect(smtp.received[0]!.raw).toContain('core-sw');

    await rig.event(sw, 'loop', { active: false, port: 9 });
    await rig.tick(0);
    await rig.tick(120_000);
    await eventually(() => rig.cleared.length === 1, 5000, 'alarm cleared');
    rig.h.clock.advance(DIGEST_WINDOW_MS);
    await rig.h.services.jobs.runDue();
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.raw).toContain('1 alarm cleared in network Campus:');
    const records = await rig.api.read<{ list: { Status: string; Alarms: string[] }[] }>(
      token,
      'GET',
      '/v1/notification/list',
    );
    expect(records.list.map((r) => [r.Status, r.Alarms])).toEqual([
      ['sent', [rig.raised[0]!.alarmId]],
      ['sent', [rig.raised[0]!.alarmId]],
    ]);
  });
});

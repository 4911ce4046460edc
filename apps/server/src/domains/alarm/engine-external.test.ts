/**
 * Alarms from outside the device stream: a timer's diagnosis (docs/diagnosis.md, "Alarms") tells
 * `diagnosis.quality`; the engine raises the device's packet-loss alarm for the target under the
 * network's rule (its windows) and clears it when a later run is good again.
 */
import { describe, expect, it } from 'vitest';
import { AlarmType } from '@netconsole/contract';
import { randomToken } from '../../test/devices.ts';
import type { DiagnosisQualityNotice } from '../diagnosis/alarm-hook.ts';
import { alarmRig, type Placed } from './testing.ts';

const rig = alarmRig(`AX${randomToken(4)}`);

function notice(p: Placed, tenantId: string, bad: boolean): DiagnosisQualityNotice {
  return {
    tenantId,
    deviceId: p.id,
    sn: p.sn,
    networkId: null,
    runId: 'run-1',
    timerId: 'timer-1',
    timerName: 'Daily check',
    alarmType: AlarmType.PacketLoss,
    target: 'www.baidu.com',
    quality: bad ? 0 : 3,
    lossPct: bad ? 100 : 0,
    bad,
    at: rig.h.clock.now,
  };
}

describe('alarms from timed diagnoses', () => {
  it('raises packet loss on the target after the rule’s window and clears it after a good run', async () => {
    const { token, tenant } = await rig.signIn('acme');
    const site = await rig.site(token, 'Campus');
    const gw = await rig.device(token, 4, 'gw');
    await rig.place(token, site, { gateway: gw });
    await rig.h.services.events.emit('diagnosis.quality', notice(gw, tenant.id, true));
    // The default rule: bad for 300 s before it is raised.
    await rig.tick(299_000);
    expect(await rig.open(token)).toEqual([]);
    await rig.tick(2000);
    const open = await rig.open(token);
    expect(open.map((a) => [a.Type, a.SN, a.Subject])).toEqual([
      [AlarmType.PacketLoss, gw.sn, 'www.baidu.com'],
    ]);
    await rig.h.services.events.emit('diagnosis.quality', notice(gw, tenant.id, false));
    await rig.tick(301_000);
    expect(await rig.open(token)).toEqual([]);
    expect((await rig.alarms(token)).map((a) => a.Status)).toEqual(['cleared']);
  });
});

/**
 * Alarms from figures (protocol §11.4: 3/4 CPU and memory, 12 packet loss, 8/9 port rates, 10/11
 * traffic, 16/17 gateway rates): raised after the condition held for its window, cleared after it
 * has been gone for its window, and a flapping figure raises nothing.
 */
import { describe, expect, it } from 'vitest';
import { AlarmType } from '@netconsole/contract';
import { randomToken } from '../../test/devices.ts';
import { alarmRig } from './testing.ts';

const PREFIX = `AM${randomToken(4)}`;

const rig = alarmRig(PREFIX);

async function router() {
  const { token } = await rig.signIn('acme');
  const site = await rig.site(token, 'Shop');
  const gw = await rig.device(token, 4, 'gw');
  await rig.place(token, site, { gateway: gw });
  return { token, site, gw };
}

describe('alarms from figures', () => {
  it('raises CPU after five minutes over 90 %, and clears it after five minutes below', async () => {
    const { token, gw } = await router();
    let uptimeS = 100;
    const cpu = async (cpuPct: number, afterMs = 60_000) => {
      await rig.tick(afterMs);
      uptimeS += afterMs / 1000;
      await rig.stats(gw, { uptimeS, cpuPct, memPct: 40 });
      await rig.tick(0);
    };
    await cpu(95, 0);
    for (let i = 0; i < 4; i++) await cpu(96);
    expect(await rig.open(token)).toEqual([]);
    await cpu(97);
    const [alarm] = await rig.open(token);
    expect(alarm).toMatchObject({
      Type: AlarmType.Cpu,
      Level: 2,
      DeviceName: 'gw',
      Text: { en: 'CPU usage of gw is 96 % (threshold 90 %)', zh: 'gw 的CPU 使用率为 96 %（阈值 90 %）' },
    });
    // Below for four minutes, over once, below again: still open (and counted as a repeat).
    for (let i = 0; i < 4; i++) await cpu(30);
    await cpu(95);
    for (let i = 0; i < 4; i++) await cpu(30);
    expect((await rig.open(token)).map((a) => [a.Type, a.Repeats])).toEqual([[AlarmType.Cpu, 1]]);
    await cpu(30);
    expect((await rig.open(token)).length).toBe(1);
    // Five minutes below since the last time over.
    await cpu(30);
    expect(await rig.open(token)).toEqual([]);
    expect(rig.raised.length).toBe(1);
    expect(rig.cleared.length).toBe(1);
  });

  it('raises nothing for a flapping CPU or memory', async () => {
    const { token, gw } = await router();
    let uptimeS = 100;
    for (let i = 0; i < 30; i++) {
      await rig.tick(60_000);
      uptimeS += 60;
      const high = i % 3 !== 2;
      await rig.stats(gw, { uptimeS, cpuPct: high ? 99 : 20, memPct: high ? 95 : 50 });
      await rig.tick(0);
    }
    expect(await rig.alarms(token)).toEqual([]);
  });

  it('raises packet loss, gateway rates and a port rate over their thresholds', async () => {
    const { token, site, gw } = await router();
    // Thresholds of the tenant's own, short windows.
    await rig.api.read(token, 'POST', '/v1/alarm/updateNetworkAlarm', {
      _id: site,
      Alarms: [
        { Type: 12, Enable: true, Threshold: '5', Level: 3, Push: ['app'], Limit: 10 },
        { Type: 16, Enable: true, Threshold: '100', Level: 1, Push: ['app'], Limit: 10 },
        { Type: 17, Enable: true, Threshold: '100000', Level: 1, Push: ['app'], Limit: 10 },
        { Type: 8, Enable: true, Threshold: '50', Level: 1, Push: ['app'], Limit: 10 },
      ],
    });
    const wan = (lossPct: number) => [{ name: 'wan1', rxBytes: 0, txBytes: 0, lossPct }];
    await rig.stats(gw, { uptimeS: 100, txBytes: 0, rxBytes: 0, wan: wan(12) });
    const port = (rxBytes: number) => ({
      port: 3,
      enabled: true,
      up: true,
      speedMbps: 1000,
      duplex: 'full',
      rxBytes,
      txBytes: 0,
    });
    await rig.send(gw, 'ports', { ports: [port(0)] });
    await rig.tick(11_000);
    // 10 s later: 2 MB sent (200 KB/s up), 100 KB/s received on port 3 (1,024,000 bytes in 10 s).
    await rig.stats(gw, { uptimeS: 111, txBytes: 2_048_000 * 1.1, rxBytes: 0, wan: wan(12) });
    await rig.send(gw, 'ports', { ports: [port(1_126_400)] });
    await rig.tick(0);
    expect((await rig.open(token)).map((a) => a.Type)).toEqual([AlarmType.PacketLoss]);
    await rig.tick(11_000);
    await rig.stats(gw, { uptimeS: 122, txBytes: 2_048_000 * 2.2, rxBytes: 0, wan: wan(12) });
    await rig.send(gw, 'ports', { ports: [port(2_252_800)] });
    await rig.tick(0);
    const open = await rig.open(token);
    expect(open.map((a) => [a.Type, a.Subject]).sort()).toEqual(
      [
        [AlarmType.PacketLoss, ''],
        [AlarmType.GatewayUpRate, ''],
        [AlarmType.PortUpRate, 'port 3'],
      ].sort(),
    );
    expect(open.find((a) => a.Type === AlarmType.PortUpRate)!.Text.en).toBe(
      'Port upstream rate of gw on port 3 is 100 KB/s (threshold 50 KB/s)',
    );
  });

  it('raises memory, TX and RX traffic, gateway downstream and a port downstream rate, and clears them', async () => {
    const { token, site, gw } = await router();
    await rig.api.read(token, 'POST', '/v1/alarm/updateNetworkAlarm', {
      _id: site,
      Alarms: [
        { Type: 4, Enable: true, Threshold: '80', Level: 2, Push: ['app'], Limit: 10 },
        { Type: 9, Enable: true, Threshold: '50', Level: 1, Push: ['app'], Limit: 10 },
        { Type: 10, Enable: true, Threshold: '10000', Level: 1, Push: ['app'], Limit: 10 },
        { Type: 11, Enable: true, Threshold: '10000', Level: 1, Push: ['app'], Limit: 10 },
        { Type: 17, Enable: true, Threshold: '100', Level: 1, Push: ['app'], Limit: 10 },
      ],
    });
    const port = (txBytes: number) => ({
      port: 5,
      enabled: true,
      up: true,
      speedMbps: 1000,
      duplex: 'full',
      rxBytes: 0,
      txBytes,
    });
    // 200 KB/s each way through the gateway (12,000 KB a minute), 100 KB/s sent on port 5.
    const step = 2_048_000 * 1.1;
    const report = async (uptimeS: number, bytes: number, portBytes: number, memPct: number) => {
      await rig.stats(gw, { uptimeS, txBytes: bytes, rxBytes: bytes, memPct });
      await rig.send(gw, 'ports', { ports: [port(portBytes)] });
      await rig.tick(0);
    };
    await report(100, 0, 0, 95);
    await rig.tick(11_000);
    await report(111, step, 1_126_400, 95);
    // Memory was over since the first report; the rates only since this one.
    expect((await rig.open(token)).map((a) => a.Type)).toEqual([AlarmType.Memory]);
    await rig.tick(11_000);
    await report(122, 2 * step, 2_252_800, 95);
    const open = await rig.open(token);
    expect(open.map((a) => [a.Type, a.Subject]).sort()).toEqual(
      [
        [AlarmType.Memory, ''],
        [AlarmType.TxTraffic, ''],
        [AlarmType.RxTraffic, ''],
        [AlarmType.GatewayDownRate, ''],
        [AlarmType.PortDownRate, 'port 5'],
      ].sort(),
    );
    expect(open.find((a) => a.Type === AlarmType.PortDownRate)!.Text.en).toBe(
      'Port downstream rate of gw on port 5 is 100 KB/s (threshold 50 KB/s)',
    );
    // Quiet again (counters still, memory low): cleared once below for their window.
    await rig.tick(11_000);
    await report(133, 2 * step, 2_252_800, 20);
    await rig.tick(11_000);
    await report(144, 2 * step, 2_252_800, 20);
    await rig.tick(11_000);
    await report(155, 2 * step, 2_252_800, 20);
    expect(await rig.open(token)).toEqual([]);
    expect(rig.cleared.map((n) => n.type).sort()).toEqual(
      [
        AlarmType.Memory,
        AlarmType.TxTraffic,
        AlarmType.RxTraffic,
        AlarmType.GatewayDownRate,
        AlarmType.PortDownRate,
      ].sort(),
    );
  });
});

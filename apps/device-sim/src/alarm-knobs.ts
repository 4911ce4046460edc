/**
 * Alarm knobs of the simulated device (tests, demos): figures held at chosen values in its `stats`
 * (high CPU or memory, packet loss on the WAN, a hot board) and condition events as firmware sends
 * them (protocol §6.6: loop, PoE, link, network loop, rogue DHCP server, DHCP pool, PPPoE, VPN), so
 * the console's alarms (protocol §11.4) can be raised and cleared on purpose.
 * `SimDevice.pin`, `.condition` and `.flapPort` use these.
 */
import type { ProtocolEvent } from '@netconsole/contract';

/** Figures held until unpinned (`null` lets the value drift again). */
export interface AlarmPins {
  cpuPct?: number | null;
  memPct?: number | null;
  /** Every WAN's loss towards the probe host (routers). */
  lossPct?: number | null;
  tempC?: number | null;
}

/** The condition events of protocol §6.6 (those with `active`). */
export const CONDITION_EVENTS = [
  'loop',
  'poe',
  'link',
  'network_loop',
  'dhcp_server',
  'dhcp_pool',
  'pppoe',
  'vpn',
] as const;
export type ConditionEvent = (typeof CONDITION_EVENTS)[number];

/** Takes new pins over: a number holds a figure, null releases it. */
export function mergePins(pins: AlarmPins, change: AlarmPins): AlarmPins {
  const next: AlarmPins = { ...pins };
  for (const key of Object.keys(change) as (keyof AlarmPins)[]) {
    const v = change[key];
    if (v === null || v === undefined) delete next[key];
    // Percentages stay in 0-100 as the protocol has them; a temperature is taken as it is.
    else next[key] = key === 'tempC' ? v : Math.min(100, Math.max(0, v));
  }
  return next;
}

type StatsBody = Record<string, unknown> & { wan?: { lossPct?: number | null }[] };

/** A `stats` body with the pinned figures in place of the drifting ones. */
export function applyPins(body: StatsBody, pins: AlarmPins): void {
  if (pins.cpuPct !== undefined && pins.cpuPct !== null) body.cpuPct = pins.cpuPct;
  if (pins.memPct !== undefined && pins.memPct !== null) body.memPct = pins.memPct;
  if (pins.tempC !== undefined && pins.tempC !== null) body.tempC = pins.tempC;
  if (pins.lossPct !== undefined && pins.lossPct !== null && body.wan) {
    for (const w of body.wan) w.lossPct = pins.lossPct;
  }
}

/** The event of a condition raised (`active` true) or cleared, with the fields its type carries. */
export function conditionEvent(
  type: ConditionEvent,
  active: boolean,
  fields: Pick<ProtocolEvent, 'port' | 'name' | 'ip' | 'mac' | 'value' | 'code' | 'text'> = {},
  now = Date.now(),
): ProtocolEvent {
  return { ts: now, type, severity: active ? 3 : 1, active, ...fields };
}

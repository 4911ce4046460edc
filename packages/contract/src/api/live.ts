/**
 * The live console (issue 4): one WebSocket per browser tab at `/v1/ws` carries JSON messages
 * `{topic, data}` of what changed, for the tenant of the session only (the administrator: every
 * tenant's). The socket only receives; what a message says is also in the REST lists, so a client
 * that missed messages (a reconnection) refetches and goes on.
 */
import { z } from 'zod';
import { deviceItem } from './device.ts';

export * from './live-socket.ts';

/** The first message on a socket: subscribed; what happened before it is in the REST lists. */
export interface LiveReadyData {
  /** The tenant whose messages come (null: the administrator, every tenant's). */
  Tenant: string | null;
}

/**
 * Why a `device` message came: `status` at once when a device goes online, offline or useless;
 * `metrics` at most once per device a second while its figures change; `registered`,
 * `unregistered` (sent to the tenant that lost it) and `updated` (alias) carry the whole item.
 */
export const LIVE_DEVICE_EVENTS = ['status', 'metrics', 'registered', 'unregistered', 'updated'] as const;
export type LiveDeviceEvent = (typeof LIVE_DEVICE_EVENTS)[number];

/** What a device reports: its state and realtime figures (the DeviceItem fields of the same names). */
export const liveDeviceState = deviceItem.pick({
  _id: true,
  SN: true,
  Status: true,
  Online: true,
  Type: true,
  Model: true,
  HWVersion: true,
  FWVersion: true,
  OnlineTime: true,
  EndTime: true,
  PublicIP: true,
  CPUUsed: true,
  MemoryUsed: true,
  IP: true,
  NetMask: true,
  GateWay: true,
  DNS1: true,
  DNS2: true,
  TxRate: true,
  RxRate: true,
  UpTime: true,
});

/** The `device` topic's data: the state, and with the registry events the rest of the item. */
export const liveDeviceData = deviceItem
  .partial()
  .extend(liveDeviceState.shape)
  .extend({
    Event: z.enum(LIVE_DEVICE_EVENTS),
    /** The tenant the device belongs to (null: unregistered; after `unregistered`, null). */
    Tenant: z.string().nullable(),
  });
export type LiveDeviceData = z.infer<typeof liveDeviceData>;

/** One message on the live socket. */
export const liveMessage = z.object({ topic: z.string().min(1), data: z.unknown() });
export interface LiveMessage<D = unknown> {
  topic: string;
  data: D;
}

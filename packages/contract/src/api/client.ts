/**
 * Clients (stations) behind the access points and routers: spec §3 Client, §4 client states, §7
 * CLIENTS and CONTROLLER clientCtrl, §8 13xxx. What a client is comes from the devices' `clients`
 * snapshots and `client_*` events (docs/device-protocol.md §11.2; the design in docs/clients.md).
 */
import { z } from 'zod';
import { ClientConnection, type Label } from '../enums.ts';
import { ErrorCode } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';
import { normalizeMac } from '../validators.ts';
import { COMMAND_DELIVERIES, COMMAND_STATUSES, queryParent } from './device.ts';

// ---- field rules (shared by the console's forms and the server) ----

export const CLIENT_ALIAS_MAX = 64;
/** Unpaged client lists stop here. */
export const ALL_CLIENTS_MAX = 10_000;
/** How long a kicked client stays blocked by its device unless released (protocol §7.8 `blockS`). */
export const KICK_BLOCK_DEFAULT_S = 3600;
export const KICK_BLOCK_MAX_S = 604_800;

/** The catalogue code of what is wrong with a typed client MAC, or null (spec §8 13xxx MAC format). */
export function clientMacError(value: string | undefined): number | null {
  return normalizeMac(value ?? '') === null ? ErrorCode.ClientMacFormat : null;
}

/**
 * The catalogue code of what is wrong with a client alias, or null. Empty is allowed: it removes
 * the alias, and the client shows its host name again. Like a device alias otherwise.
 */
export function clientAliasError(value: string | undefined): number | null {
  const alias = (value ?? '').trim();
  if (alias === '') return null;
  if (alias.length > CLIENT_ALIAS_MAX) return ErrorCode.ClientAliasTooLong;
  return /^\P{Cc}+$/u.test(alias) ? null : ErrorCode.ClientAliasInvalidChars;
}

/** spec §4: connected, or kicked out (until released or back); offline once its session ended. */
export const CLIENT_STATUSES = ['online', 'offline', 'kicked'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const clientStatusLabels: Record<ClientStatus, Label> = {
  online: { en: 'Online', zh: '在线' },
  offline: { en: 'Offline', zh: '离线' },
  kicked: { en: 'Kicked out', zh: '已踢出' },
};

/** Why a connection (a row of the connect log) ended. */
export const SESSION_END_REASONS = [
  // what the device said (client_disconnected `code`), or a snapshot without the client
  'left',
  'idle',
  'kicked',
  'roamed',
  'reconnected',
  'missing',
  // the server's conclusions
  'device_offline',
  'unregistered',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

// Inputs are loose strings here; the rules above give each mistake its own catalogue code.
const looseText = z.string().max(256);
const looseMac = z.string().max(64);
const id = z.string().min(1).max(64);
const queryLink = z.coerce
  .number()
  .int()
  .refine((v) => v === ClientConnection.Wired || v === ClientConnection.Wireless, {
    error: '0 wired, 1 wireless',
  });

// ---- reading ----

export const CLIENT_SORTS = [
  'LastSeen',
  '-LastSeen',
  'FirstSeen',
  '-FirstSeen',
  'MAC',
  '-MAC',
  'Name',
  '-Name',
  'RSSI',
  '-RSSI',
  'ConnectCount',
  '-ConnectCount',
] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

const clientFilters = {
  Status: z.enum(CLIENT_STATUSES).optional(),
  /** The AP or router the client is on (or was last on): its _id or its SN. */
  Device: id.optional(),
  SN: z.string().trim().max(64).optional(),
  /** The network of that device. */
  Parent: queryParent.optional(),
  /** 0 wired, 1 wireless. */
  Link: queryLink.optional(),
  /** Part of the MAC (any notation), IP, host name or alias. */
  search: z.string().trim().max(64).optional(),
};

export const clientListQuery = pageQuery.extend({
  sort: z.enum(CLIENT_SORTS).default('-LastSeen'),
  ...clientFilters,
});
export type ClientListQuery = z.infer<typeof clientListQuery>;

export const clientFilterQuery = z.object(clientFilters);
export type ClientFilterQuery = z.infer<typeof clientFilterQuery>;

/** The last kick or release issued for the client and what its device reported. */
export const clientCommandState = z.object({
  CommandId: z.string(),
  Command: z.enum(['kick_client', 'release_client']),
  Status: z.enum(COMMAND_STATUSES),
  /** Reason code of a rejection or failure (protocol §7.3). */
  Code: z.string().nullable(),
  Time: z.number(),
});
export type ClientCommandState = z.infer<typeof clientCommandState>;

export const clientItem = z.object({
  _id: z.string(),
  MAC: z.string(),
  IP: z.string().nullable(),
  /** Host name the client announced (DHCP option 12); '' when none. */
  Name: z.string(),
  /** The tenant's own name for it; '' when none. */
  Alias: z.string(),
  /** Maker of its network adapter by the MAC's IEEE prefix; null for a private MAC or an unknown prefix. */
  Vendor: z.string().nullable(),
  Tenant: z.string(),
  Status: z.enum(CLIENT_STATUSES),
  /** The AP or router it is on, or was last on. */
  Device: z.string().nullable(),
  SN: z.string(),
  /** 2 AP, 4 router (the reporting device's type). */
  DeviceType: z.number().int().nullable(),
  /** The device's alias (the spec's "AP alias"); '' when the device is no longer the tenant's. */
  DeviceAlias: z.string(),
  /** The network of that device. */
  Parent: z.string().nullable(),
  /** SN of the access controller managing that AP, if any. */
  AC: z.string().nullable(),
  /** 0 wired, 1 wireless. */
  Link: z.number().int(),
  /** The link mode (11ax, 11ac, …, eth). */
  Mode: z.string().nullable(),
  SSID: z.string().nullable(),
  Band: z.string().nullable(),
  Channel: z.number().int().nullable(),
  RSSI: z.number().int().nullable(),
  SNR: z.number().int().nullable(),
  /** Link rates towards and from the client, Mbit/s. */
  TxLinkRate: z.number().nullable(),
  RxLinkRate: z.number().nullable(),
  /** Bytes sent to / received from the client in its current (or last) connection. */
  TxBytes: z.number(),
  RxBytes: z.number(),
  /** Bytes per second between the last two snapshots; 0 when not online. */
  TxRate: z.number(),
  RxRate: z.number(),
  Port: z.number().int().nullable(),
  VLAN: z.number().int().nullable(),
  Authorized: z.boolean().nullable(),
  /** Connections so far (each row of the connect log, roams included). */
  ConnectCount: z.number().int(),
  /** Seconds online over every connection, the current one included. */
  OnlineTime: z.number().int(),
  /** Start of the current connection; null when not online. */
  ConnectTime: z.number().nullable(),
  FirstSeen: z.number(),
  LastSeen: z.number(),
  LastCommand: clientCommandState.nullable(),
});
export type ClientItem = z.infer<typeof clientItem>;
export const clientList = listReply(clientItem);
export const clientAllReply = z.object({ list: z.array(clientItem), count: z.number().int() });
export type ClientAllReply = z.infer<typeof clientAllReply>;

/** getAllStatis: the figures of the client screens. Online counts unless named otherwise. */
export const clientStatisReply = z.object({
  Total: z.number().int(),
  Online: z.number().int(),
  Offline: z.number().int(),
  Kicked: z.number().int(),
  Wired: z.number().int(),
  Wireless: z.number().int(),
  Bands: z.array(z.object({ Band: z.string(), Online: z.number().int() })),
  /** Devices with clients online now, most first (at most 100). */
  Devices: z.array(
    z.object({
      _id: z.string(),
      SN: z.string(),
      Alias: z.string(),
      Type: z.number().int().nullable(),
      Online: z.number().int(),
    }),
  ),
});
export type ClientStatisReply = z.infer<typeof clientStatisReply>;

/** One client, by its MAC (any notation) or _id. */
const clientRef = { MAC: looseMac.optional(), _id: id.optional() };

/** searchInfo: the client and its connect log, newest first by default. */
export const clientInfoQuery = pageQuery.extend({
  ...clientRef,
  sort: z.enum(['StartTime', '-StartTime']).default('-StartTime'),
});
export type ClientInfoQuery = z.infer<typeof clientInfoQuery>;

export const connectLogItem = z.object({
  _id: z.string(),
  Device: z.string().nullable(),
  SN: z.string(),
  DeviceAlias: z.string(),
  Link: z.number().int(),
  SSID: z.string().nullable(),
  Band: z.string().nullable(),
  StartTime: z.number(),
  /** null while the connection lasts. */
  EndTime: z.number().nullable(),
  /** Seconds; so far for a connection that lasts. */
  OnlineTime: z.number().int(),
  Reason: z.enum(SESSION_END_REASONS).nullable(),
  TxBytes: z.number(),
  RxBytes: z.number(),
});
export type ConnectLogItem = z.infer<typeof connectLogItem>;

export const clientInfoReply = listReply(connectLogItem).extend({ Client: clientItem });
export type ClientInfoReply = z.infer<typeof clientInfoReply>;

/**
 * getClientFlow: the client's traffic from the byte counters of the snapshots. `day` gives the
 * last 24 hours by hour; `week` and `month` the last 7 and 30 days as 24-hour buckets ending at
 * the current hour (no time zone needed). Traffic counts in the hour it was reported.
 */
export const CLIENT_FLOW_RANGES = ['day', 'week', 'month'] as const;
export const clientFlowQuery = z.object({ ...clientRef, Range: z.enum(CLIENT_FLOW_RANGES).default('day') });
export type ClientFlowQuery = z.infer<typeof clientFlowQuery>;
export const clientFlowReply = z.object({
  MAC: z.string(),
  Range: z.enum(CLIENT_FLOW_RANGES),
  Unit: z.enum(['hour', 'day']),
  /** Oldest first; `Time` is the start of the bucket. */
  list: z.array(z.object({ Time: z.number(), TxBytes: z.number(), RxBytes: z.number() })),
  TxBytes: z.number(),
  RxBytes: z.number(),
  /** Bytes per second now (0 when not online). */
  TxRate: z.number(),
  RxRate: z.number(),
});
export type ClientFlowReply = z.infer<typeof clientFlowReply>;

// ---- changes ----

export const updateClientAliasBody = z.object({
  MAC: looseMac.optional(),
  /** '' removes the alias. */
  Alias: looseText.optional(),
  language: z.enum(['en', 'zh']).optional(),
});
export type UpdateClientAliasBody = z.infer<typeof updateClientAliasBody>;

/** clientCtrl: kick (disconnect and block) or release (lift the block) a client on its device. */
export const CLIENT_COMMANDS = ['kick', 'release'] as const;
export type ClientCommand = (typeof CLIENT_COMMANDS)[number];
export const clientControlBody = z.object({
  MAC: looseMac.optional(),
  command: z.enum(CLIENT_COMMANDS),
  /** kick: how long the device refuses the client afterwards; 0 disconnects only. */
  blockS: z.number().int().min(0).max(KICK_BLOCK_MAX_S).optional(),
  language: z.enum(['en', 'zh']).optional(),
});
export type ClientControlBody = z.infer<typeof clientControlBody>;

export const clientControlReply = z.object({
  MAC: z.string(),
  /** The device the command went to. */
  Device: z.string(),
  SN: z.string(),
  Command: z.enum(['kick_client', 'release_client']),
  CommandId: z.string(),
  Delivery: z.enum(COMMAND_DELIVERIES),
  Message: z.string(),
});
export type ClientControlReply = z.infer<typeof clientControlReply>;

/** What `client` live messages (`/v1/ws`) carry: what happened to which client; `update` per snapshot. */
export const CLIENT_LIVE_EVENTS = ['join', 'leave', 'roam', 'update', 'kicked', 'released', 'alias'] as const;
export interface ClientLiveData {
  event: (typeof CLIENT_LIVE_EVENTS)[number];
  /** The client; absent for `update`, which stands for every client of one device's snapshot. */
  MAC?: string;
  /** The device it happened at. */
  SN?: string;
  Tenant: string;
}

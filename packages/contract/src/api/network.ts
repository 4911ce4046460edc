/**
 * Networks (sites) of a tenant: spec §3 Network, §5 "network name required; location required",
 * §7 NETWORK, and the device side of membership (`PUT /v1/device/netlist`).
 */
import { z } from 'zod';
import { DeviceType } from '../enums.ts';
import { ErrorCode } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';
import { isTimeZone } from './firmware-dispatch.ts';

export const NETWORK_NAME_MAX = 32;
/** The address text the map's geocoder gave for the chosen point. */
export const NETWORK_ADDRESS_MAX = 200;
/** The one network type the specification names. */
export const NETWORK_TYPES = ['normal'] as const;
export type NetworkType = (typeof NETWORK_TYPES)[number];

/** The catalogue code of what is wrong with a network name, or null. */
export function networkNameError(value: string | undefined): number | null {
  const name = (value ?? '').trim();
  if (name === '') return ErrorCode.NetworkNameRequired;
  if (name.length > NETWORK_NAME_MAX) return ErrorCode.NetworkNameTooLong;
  return /^\P{Cc}+$/u.test(name) ? null : ErrorCode.NetworkNameInvalid;
}

/** A point on the map: longitude -180..180, latitude -90..90 (WGS-84 degrees). */
export interface GeoPoint {
  longitude: number;
  latitude: number;
}

/** The catalogue code of what is wrong with a location, or null. */
export function networkLocationError(value: Partial<GeoPoint> | null | undefined): number | null {
  if (!value || value.longitude === undefined || value.latitude === undefined) {
    return ErrorCode.NetworkLocationRequired;
  }
  const { longitude, latitude } = value;
  const ok =
    Number.isFinite(longitude) &&
    Number.isFinite(latitude) &&
    Math.abs(longitude) <= 180 &&
    Math.abs(latitude) <= 90;
  return ok ? null : ErrorCode.NetworkLocationInvalid;
}

/** The longest IANA zone name taken (the longest real ones are about 30 characters). */
export const NETWORK_TIME_ZONE_MAX = 64;

/**
 * The catalogue code of what is wrong with a network's time zone, or null. Null or absent is fine:
 * the server's zone. Otherwise an IANA name this runtime's Intl knows (the one zone database used).
 */
export function networkTimeZoneError(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return value.length <= NETWORK_TIME_ZONE_MAX && isTimeZone(value) ? null : ErrorCode.NetworkTimeZoneInvalid;
}

// Loose inputs: the rules above give each mistake its own code.
const looseText = z.string().max(256);
const coordinate = z.number();
const looseLocation = z
  .object({
    longitude: coordinate.optional(),
    latitude: coordinate.optional(),
    /** Address text from the geocoder (may be empty: 'no address'). */
    address: z.string().max(NETWORK_ADDRESS_MAX).optional(),
  })
  .nullable();
/** The site's IANA time zone (maintenance windows of firmware upgrades); null: the server's zone. */
const looseTimeZone = looseText
  .nullable()
  .meta({ description: "IANA time zone, e.g. Asia/Shanghai; null: the server's" });

export const createNetworkBody = z.object({
  Name: looseText.optional(),
  Location: looseLocation.optional(),
  TimeZone: looseTimeZone.optional(),
});
export type CreateNetworkBody = z.infer<typeof createNetworkBody>;

export const updateNetworkBody = z.object({
  _id: z.string().min(1).max(64),
  Name: looseText.optional(),
  Location: looseLocation.optional(),
  /** Null sets the network back to the server's zone. */
  TimeZone: looseTimeZone.optional(),
});
export type UpdateNetworkBody = z.infer<typeof updateNetworkBody>;

export const networkRefBody = z.object({ _id: z.string().min(1).max(64) });
export type NetworkRefBody = z.infer<typeof networkRefBody>;

export const networkLocation = z.object({
  longitude: z.number(),
  latitude: z.number(),
  address: z.string(),
});

export const networkItem = z.object({
  _id: z.string(),
  Name: z.string(),
  Location: networkLocation,
  Type: z.enum(NETWORK_TYPES),
  /** The main device's _id: the root of the topology; null until one is set. */
  MainDevice: z.string().nullable(),
  LogoPath: z.string().nullable(),
  /** IANA zone of the site's clock: firmware maintenance windows run in it; null: the server's. */
  TimeZone: z.string().nullable(),
  Tenant: z.string(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type NetworkItem = z.infer<typeof networkItem>;

/** Totals of one device type in a network. */
export const networkTypeCount = z.object({ Total: z.number().int(), Online: z.number().int() });

/**
 * A network's health at a glance: Empty without devices, Normal when every device is online,
 * Offline when none is, Abnormal otherwise (some offline or unusable).
 */
export const NET_STATUSES = ['Normal', 'Abnormal', 'Offline', 'Empty'] as const;
export type NetStatus = (typeof NET_STATUSES)[number];

/**
 * The dashboard's network list entry (spec §3): the network with acid, netName, netStatus and
 * location, its devices per type (total and online) and its online users.
 */
export const networkSummary = networkItem.extend({
  /** The network's id under the name the dashboard list uses. */
  acid: z.string(),
  netName: z.string(),
  netStatus: z.enum(NET_STATUSES),
  location: networkLocation,
  APs: networkTypeCount,
  Routers: networkTypeCount,
  Switches: networkTypeCount,
  ACs: networkTypeCount,
  /** Clients connected now to the network's devices. */
  OnlineUsers: z.number().int(),
});
export type NetworkSummary = z.infer<typeof networkSummary>;

export const NETWORK_SORTS = ['CreateTime', '-CreateTime', 'Name', '-Name'] as const;
export const networkListQuery = pageQuery.extend({
  sort: z.enum(NETWORK_SORTS).default('CreateTime'),
  /** Part of the name. */
  search: z.string().trim().max(64).optional(),
});
export type NetworkListQuery = z.infer<typeof networkListQuery>;
export const networkList = listReply(networkSummary);

export const networkAllReply = z.object({ list: z.array(networkItem), count: z.number().int() });
export type NetworkAllReply = z.infer<typeof networkAllReply>;

/** createNet and updateNetInfo answer with the network under `list` (spec §7 "reads list._id, list.Name"). */
export const networkReply = z.object({ list: networkItem });
export type NetworkReply = z.infer<typeof networkReply>;

export const deleteNetworkReply = z.object({
  list: z.object({ ok: z.literal(1), _id: z.string(), Released: z.number().int() }),
});
export type DeleteNetworkReply = z.infer<typeof deleteNetworkReply>;

// ---- membership: PUT /v1/device/netlist ----

/**
 * Puts devices into a network (`Parent` a network id) or takes them out of any (`Parent` null).
 * `Main` names the device that becomes the network's main device (a router or a switch): a network
 * takes other devices only once it has one (spec §4).
 */
export const netListBody = z.object({
  Parent: z.string().min(1).max(64).nullable(),
  devices: z.array(z.string().min(1).max(64)).max(500),
  Main: z.string().min(1).max(64).optional(),
});
export type NetListBody = z.infer<typeof netListBody>;
export const netListReply = z.object({
  list: z.object({ ok: z.literal(1), Parent: z.string().nullable(), devices: z.array(z.string()) }),
});
export type NetListReply = z.infer<typeof netListReply>;

/** Types that may be a network's main device (spec §4, §8 12114). */
export const MAIN_DEVICE_TYPES: readonly number[] = [DeviceType.Router, DeviceType.Switch];

// ---- GET /v1/device/getAPLocation ----

export const apLocationQuery = z.object({
  /** One network's APs; all the caller's otherwise. */
  Parent: z.string().trim().min(1).max(64).optional(),
});
export type ApLocationQuery = z.infer<typeof apLocationQuery>;

/**
 * Where an AP is: its network's point on the map (null for an AP in no network). Placement on a
 * building's floor plan comes with the building maps.
 */
export const apLocationItem = z.object({
  _id: z.string(),
  SN: z.string(),
  MAC: z.string(),
  Alias: z.string(),
  Online: z.boolean(),
  Status: z.string(),
  Parent: z.string().nullable(),
  NetName: z.string().nullable(),
  Location: networkLocation.nullable(),
});
export type ApLocationItem = z.infer<typeof apLocationItem>;
export const apLocationReply = z.object({ list: z.array(apLocationItem), count: z.number().int() });
export type ApLocationReply = z.infer<typeof apLocationReply>;

// ---- POST /v1/dashboard/addDevToNet (the add-network wizard's last step) ----

const deviceIds = (max: number) => z.array(z.string().min(1).max(64)).max(max).default([]);

/**
 * The devices chosen in the wizard, by _id: a gateway (a router; it becomes the main device), or
 * switches with one of them as the main device, and APs (spec §2, §4).
 */
export const addDevToNetBody = z.object({
  _id: z.string().min(1).max(64),
  gateWayList: deviceIds(1),
  mainList: deviceIds(1),
  switchList: deviceIds(500),
  apList: deviceIds(500),
});
export type AddDevToNetBody = z.infer<typeof addDevToNetBody>;
export const addDevToNetReply = z.object({
  list: z.object({
    ok: z.literal(1),
    _id: z.string(),
    /** The network's main device after the change; null when nothing was chosen. */
    Main: z.string().nullable(),
    devices: z.array(z.string()),
  }),
});
export type AddDevToNetReply = z.infer<typeof addDevToNetReply>;

// ---- the network log (GET /v1/dashboard/getNetlog, DELETE /v1/dashboard/delNetlog) ----

/** What a network's log tells, with the values each text takes (read in the reader's language). */
export const NETWORK_LOG_TEXTS = {
  created: { en: 'Network {name} created', zh: '创建了网络 {name}' },
  updated: { en: 'Network renamed or moved: {name}', zh: '网络名称或位置已修改：{name}' },
  time_zone_set: { en: 'Time zone of {name} set to {zone}', zh: '{name} 的时区已设为 {zone}' },
  time_zone_cleared: {
    en: "Time zone of {name} set to the server's",
    zh: '{name} 的时区已改为跟随服务器',
  },
  devices_joined: { en: '{count} devices joined: {names}', zh: '{count} 台设备加入：{names}' },
  devices_left: { en: '{count} devices left: {names}', zh: '{count} 台设备离开：{names}' },
  device_online: { en: '{name} came online', zh: '{name} 上线' },
  device_offline: { en: '{name} went offline', zh: '{name} 离线' },
  topology_changed: {
    en: 'Topology changed ({changed} devices marked)',
    zh: '拓扑已变化（{changed} 台设备有变化）',
  },
} as const;
export type NetworkLogCode = keyof typeof NETWORK_LOG_TEXTS;

export const netlogQuery = pageQuery.extend({ _id: z.string().trim().min(1).max(64) });
export type NetlogQuery = z.infer<typeof netlogQuery>;
export const netlogItem = z.object({
  _id: z.string(),
  Network: z.string(),
  Code: z.string(),
  Text: z.string(),
  CreateTime: z.number(),
});
export type NetlogItem = z.infer<typeof netlogItem>;
export const netlogList = listReply(netlogItem);

/** One entry by `_id`, or every entry of the network `Network`. */
export const delNetlogBody = z.object({
  _id: z.string().max(64).optional(),
  Network: z.string().max(64).optional(),
});
export type DelNetlogBody = z.infer<typeof delNetlogBody>;
export const delNetlogReply = z.object({ list: z.object({ ok: z.literal(1), count: z.number().int() }) });
export type DelNetlogReply = z.infer<typeof delNetlogReply>;

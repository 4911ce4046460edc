/**
 * Traffic analytics (issue 19, spec §2 /flow, §3 "AP traffic list" and "Hourly user count", §7 FLOW,
 * `GET /v1/client/getTotalFlow` and `getTotalRate`): networks ranked by traffic, users and devices
 * online for a period with the change against the previous one, traffic per device and client, users
 * online now, and live rates over the live socket. Bytes are bytes (spec §9: base 1024 when shown),
 * rates bytes per second, times Unix ms. Design and definitions: docs/analytics.md.
 */
import { z } from 'zod';
import { pageQuery, listReply } from '../paging.ts';

/**
 * The period of a query. `today`: from midnight to now; `7d` and `30d`: the last 7 or 30 calendar days
 * up to now (today included); `custom`: `Start` to `End` (ms, at most `FLOW_CUSTOM_MAX_DAYS`). Days are
 * those of the network's time zone (tenant-wide calls: the tenant's first network's, else UTC). The
 * previous period is the same span moved back by one period (1, 7, 30 days, or End − Start).
 */
export const FLOW_PERIODS = ['today', '7d', '30d', 'custom'] as const;
export type FlowPeriod = (typeof FLOW_PERIODS)[number];
export const FLOW_CUSTOM_MAX_DAYS = 31;
export const FLOW_ORDERS = ['desc', 'asc'] as const;
export type FlowOrder = (typeof FLOW_ORDERS)[number];

/** Rankings of networks: by traffic (Total), distinct users, or devices online now. */
export const FLOW_LIST_SORTS = ['traffic', 'users', 'online'] as const;
export type FlowListSort = (typeof FLOW_LIST_SORTS)[number];
/** AP / device traffic list. */
export const FLOW_DEVICE_SORTS = ['traffic', 'tx', 'rx'] as const;
export type FlowDeviceSort = (typeof FLOW_DEVICE_SORTS)[number];
/** Clients ranked by traffic, online time (s) or connections started in the period. */
export const FLOW_CLIENT_SORTS = ['traffic', 'online', 'connections'] as const;
export type FlowClientSort = (typeof FLOW_CLIENT_SORTS)[number];

/** `listAll` answers at most this many networks. */
export const FLOW_LIST_ALL_MAX = 1000;
/** `listDev`: devices in one chart. */
export const FLOW_DEV_MAX = 10;
/** `getTerminalTrafficRank`: top N, default 10. */
export const FLOW_TOP_MAX = 100;
/** Bucket widths of the charts: hourly (today, custom up to 2 days) or daily (7d, 30d, longer custom). */
export const FLOW_BUCKETS = ['hour', 'day'] as const;
export type FlowBucket = (typeof FLOW_BUCKETS)[number];

const id = z.string().trim().min(1).max(64);
const ms = z.coerce.number().int().min(0).max(8_640_000_000_000);
const periodFields = {
  Period: z.enum(FLOW_PERIODS).default('today'),
  /** custom only: start and end of the period, ms (End after Start; 29001/29002 otherwise). */
  Start: ms.optional(),
  End: ms.optional(),
};
const orderField = { Order: z.enum(FLOW_ORDERS).default('desc') };

/** A period alone (the tenant's). */
export const flowPeriodQuery = z.object(periodFields);
export type FlowPeriodQuery = z.infer<typeof flowPeriodQuery>;

/** The bounds a reply was computed over (ms, end exclusive) and the zone that set its days. */
const periodBounds = {
  Period: z.enum(FLOW_PERIODS),
  Start: z.number(),
  End: z.number(),
  PrevStart: z.number(),
  PrevEnd: z.number(),
  /** IANA zone of the days (the network's, the tenant's first network's, or 'UTC'). */
  TimeZone: z.string(),
};
export const flowPeriodBounds = z.object(periodBounds);
export type FlowPeriodBounds = z.infer<typeof flowPeriodBounds>;

// ——— GET /v1/flow/list, listAll ———

const listFilters = {
  ...periodFields,
  Sort: z.enum(FLOW_LIST_SORTS).default('traffic'),
  ...orderField,
  /** Part of the network's name. */
  search: z.string().trim().max(64).optional(),
};
export const flowListQuery = pageQuery.extend(listFilters);
export type FlowListQuery = z.infer<typeof flowListQuery>;
export const flowListAllQuery = z.object(listFilters);
export type FlowListAllQuery = z.infer<typeof flowListAllQuery>;

/** One network of the ranking: its period's figures, the previous period's and the change. */
export const flowNetworkItem = z.object({
  /** 1 = first by the chosen sort and order, over every network of the caller (not the page). */
  Rank: z.number().int(),
  _id: z.string(),
  Name: z.string(),
  ...periodBounds,
  /** Bytes uploaded (sent towards the Internet) and downloaded in the period. */
  TxBytes: z.number(),
  RxBytes: z.number(),
  Total: z.number(),
  /** Distinct clients connected at the network's devices at any time of the period. */
  Users: z.number().int(),
  /** Devices of the network online now, and all its devices. */
  Online: z.number().int(),
  Devices: z.number().int(),
  PrevTxBytes: z.number(),
  PrevRxBytes: z.number(),
  PrevTotal: z.number(),
  PrevUsers: z.number().int(),
  /** Change against the previous period, % to one decimal; null when the previous was 0. */
  TotalChange: z.number().nullable(),
  UsersChange: z.number().nullable(),
});
export type FlowNetworkItem = z.infer<typeof flowNetworkItem>;

export const flowListReply = listReply(flowNetworkItem);
export type FlowListReply = z.infer<typeof flowListReply>;

export const flowListAllReply = z.object({
  list: z.array(flowNetworkItem),
  count: z.number().int(),
  /** More networks than FLOW_LIST_ALL_MAX: the list holds the first of the order. */
  Truncated: z.boolean(),
});
export type FlowListAllReply = z.infer<typeof flowListAllReply>;

// ——— GET /v1/flow/agg ———

export const flowAggQuery = z.object({
  ...periodFields,
  /** One network instead of the whole tenant (29003 when the caller cannot see it). */
  Network: id.optional(),
});
export type FlowAggQuery = z.infer<typeof flowAggQuery>;

const series = z.array(z.number().nullable());

/** Tenant (or one network's) totals for the period and the previous one, and the chart's buckets. */
export const flowAggReply = z.object({
  ...periodBounds,
  Network: z.string().nullable(),
  Networks: z.number().int(),
  TxBytes: z.number(),
  RxBytes: z.number(),
  Total: z.number(),
  Users: z.number().int(),
  Online: z.number().int(),
  Devices: z.number().int(),
  PrevTxBytes: z.number(),
  PrevRxBytes: z.number(),
  PrevTotal: z.number(),
  PrevUsers: z.number().int(),
  TotalChange: z.number().nullable(),
  UsersChange: z.number().nullable(),
  Bucket: z.enum(FLOW_BUCKETS),
  /** Bucket starts (ms); one value per bucket in each series, null for buckets still to come. */
  Time: z.array(z.number()),
  TxSeries: series,
  RxSeries: series,
  /** The previous period's buckets, aligned with `Time` (same position = same offset into the period). */
  PrevTxSeries: series,
  PrevRxSeries: series,
});
export type FlowAggReply = z.infer<typeof flowAggReply>;

// ——— GET /v1/flow/listAP (spec §3 "AP traffic list: Alias, TxBT, MAC") ———

export const flowApQuery = pageQuery.extend({
  ...periodFields,
  Sort: z.enum(FLOW_DEVICE_SORTS).default('traffic'),
  ...orderField,
  Network: id.optional(),
  /** Device type (spec §3: 1 AC, 2 AP, 3 switch, 4 router); default 2, the AP list. */
  Type: z.coerce.number().int().min(1).max(4).default(2),
  /** Part of the alias, SN or MAC. */
  search: z.string().trim().max(64).optional(),
});
export type FlowApQuery = z.infer<typeof flowApQuery>;

export const flowApItem = z.object({
  Rank: z.number().int(),
  _id: z.string(),
  SN: z.string(),
  MAC: z.string(),
  Alias: z.string(),
  Type: z.number().int(),
  Model: z.string(),
  Online: z.boolean(),
  /** The device's network now, and its name (null: in no network). */
  Network: z.string().nullable(),
  NetworkName: z.string().nullable(),
  /** Bytes sent and received on the uplink in the period (spec's TxBT, and RxBT). */
  TxBT: z.number(),
  RxBT: z.number(),
  Total: z.number(),
});
export type FlowApItem = z.infer<typeof flowApItem>;

export const flowApReply = listReply(flowApItem).extend(periodBounds);
export type FlowApReply = z.infer<typeof flowApReply>;

// ——— GET /v1/flow/listDev ———

export const flowDevQuery = z.object({
  ...periodFields,
  /** Device ids, comma-separated, 1 to FLOW_DEV_MAX (29005 beyond). */
  Devices: z
    .string()
    .trim()
    .min(1)
    .max(FLOW_DEV_MAX * 65),
});
export type FlowDevQuery = z.infer<typeof flowDevQuery>;

export const flowDevSeries = z.object({
  _id: z.string(),
  SN: z.string(),
  Alias: z.string(),
  TxBytes: series,
  RxBytes: series,
  TotalTx: z.number(),
  TotalRx: z.number(),
});
export type FlowDevSeries = z.infer<typeof flowDevSeries>;

export const flowDevReply = z.object({
  ...periodBounds,
  Bucket: z.enum(FLOW_BUCKETS),
  Time: z.array(z.number()),
  list: z.array(flowDevSeries),
});
export type FlowDevReply = z.infer<typeof flowDevReply>;

// ——— GET /v1/flow/userrealtime ———

export const flowUserRealtimeQuery = z.object({
  Network: id.optional(),
  /** How many APs to list (most users first). */
  APLimit: z.coerce.number().int().min(1).max(500).default(50),
});
export type FlowUserRealtimeQuery = z.infer<typeof flowUserRealtimeQuery>;

const onlineCount = { Online: z.number().int() };
export const flowUserRealtimeReply = z.object({
  Network: z.string().nullable(),
  /** When the counts were taken. */
  Time: z.number(),
  TimeZone: z.string(),
  /** Clients online now. */
  Total: z.number().int(),
  ByNetwork: z.array(z.object({ _id: z.string(), Name: z.string(), ...onlineCount })),
  ByAP: z.array(
    z.object({
      _id: z.string(),
      SN: z.string(),
      Alias: z.string(),
      Network: z.string().nullable(),
      ...onlineCount,
    }),
  ),
  /** '2.4', '5', '6' (GHz); 'wired' for wired clients; 'unknown' when not reported. */
  ByBand: z.array(z.object({ Band: z.string(), ...onlineCount })),
  /** SSID; '' for wired clients. */
  BySSID: z.array(z.object({ SSID: z.string(), ...onlineCount })),
  /** "Hourly user count: Time, HourNumber" of today (24 buckets from midnight; null to come) — reclcount's figures. */
  Hours: z.object({ Time: z.array(z.number()), HourNumber: series }),
});
export type FlowUserRealtimeReply = z.infer<typeof flowUserRealtimeReply>;

// ——— GET /v1/flow/clientlist, getTerminalTrafficRank ———

export const flowClientQuery = pageQuery.extend({
  ...periodFields,
  Sort: z.enum(FLOW_CLIENT_SORTS).default('traffic'),
  ...orderField,
  /** Clients that were connected at this network's devices in the period (29003 when not the caller's). */
  Network: id.optional(),
  /** Part of the MAC, name or alias. */
  search: z.string().trim().max(64).optional(),
});
export type FlowClientQuery = z.infer<typeof flowClientQuery>;

export const flowClientItem = z.object({
  Rank: z.number().int(),
  _id: z.string(),
  MAC: z.string(),
  /** Host name it announced ('' when none) and the tenant's alias ('' when none). */
  Name: z.string(),
  Alias: z.string(),
  /** Maker of its adapter from the MAC's IEEE prefix (OUI); null for a random MAC or an unknown prefix. */
  Vendor: z.string().nullable(),
  /** A locally administered (random, private) MAC. */
  RandomMAC: z.boolean(),
  Status: z.string(),
  /** The network and device it is on, or was last on. */
  Network: z.string().nullable(),
  NetworkName: z.string().nullable(),
  Device: z.string().nullable(),
  DeviceSN: z.string(),
  DeviceAlias: z.string(),
  /** Bytes sent to / received from the client in the period (all its networks). */
  TxBytes: z.number(),
  RxBytes: z.number(),
  Total: z.number(),
  /** Seconds connected within the period, and connections started in it. */
  OnlineTime: z.number().int(),
  Connections: z.number().int(),
});
export type FlowClientItem = z.infer<typeof flowClientItem>;

export const flowClientReply = listReply(flowClientItem).extend(periodBounds);
export type FlowClientReply = z.infer<typeof flowClientReply>;

export const flowTopQuery = z.object({
  ...periodFields,
  Network: id.optional(),
  Top: z.coerce.number().int().min(1).max(FLOW_TOP_MAX).default(10),
});
export type FlowTopQuery = z.infer<typeof flowTopQuery>;

export const flowTopReply = z.object({ ...periodBounds, list: z.array(flowClientItem) });
export type FlowTopReply = z.infer<typeof flowTopReply>;

// ——— GET /v1/client/getTotalFlow, getTotalRate ———

/** One client (`_id` or `MAC`) or, without either, all the tenant's clients (optionally one network's). */
const clientTarget = {
  _id: id.optional(),
  MAC: z.string().trim().max(32).optional(),
  Network: id.optional(),
};
export const flowTotalQuery = z.object({ ...periodFields, ...clientTarget });
export type FlowTotalQuery = z.infer<typeof flowTotalQuery>;

export const flowTotalReply = z.object({
  ...periodBounds,
  /** The client, or null for the tenant's (network's) clients together. */
  Client: z.string().nullable(),
  MAC: z.string().nullable(),
  Network: z.string().nullable(),
  TxBytes: z.number(),
  RxBytes: z.number(),
  Total: z.number(),
  Bucket: z.enum(FLOW_BUCKETS),
  Time: z.array(z.number()),
  TxSeries: series,
  RxSeries: series,
});
export type FlowTotalReply = z.infer<typeof flowTotalReply>;

export const flowRateQuery = z.object(clientTarget);
export type FlowRateQuery = z.infer<typeof flowRateQuery>;

export const flowRateReply = z.object({
  Client: z.string().nullable(),
  MAC: z.string().nullable(),
  Network: z.string().nullable(),
  Time: z.number(),
  /** Bytes/s towards and from the client(s) now (online clients' last rates, summed). */
  TxRate: z.number(),
  RxRate: z.number(),
  /** Clients online counted in the rates. */
  Clients: z.number().int(),
});
export type FlowRateReply = z.infer<typeof flowRateReply>;

// ——— Live rates over the live socket (/flow/realtimedata) ———

/** spec §9 refresh options: 1000 ms or 30 s. */
export const FLOW_REALTIME_INTERVALS = [1000, 30_000] as const;
export type FlowRealtimeInterval = (typeof FLOW_REALTIME_INTERVALS)[number];
/** How far back the first `flow.rates` message reaches (what the server sampled already). */
export const FLOW_REALTIME_HISTORY_MS = 10 * 60_000;

/** Topics on the live socket (`{topic, data}` as every live message). */
export const FLOW_TOPICS = {
  /** Client → server: start (or replace) this socket's subscription. */
  Subscribe: 'flow.subscribe',
  /** Client → server: stop it (closing the socket stops it too). */
  Unsubscribe: 'flow.unsubscribe',
  /** Server → client: rates, first the history then one point each interval. */
  Rates: 'flow.rates',
  /** Server → client: the subscription was refused ({code, message}); nothing will come. */
  Error: 'flow.error',
} as const;

/** The data of `flow.subscribe`: exactly one of Network and Device. */
export const flowSubscribeData = z.object({
  Network: id.optional(),
  Device: id.optional(),
  IntervalMs: z.coerce
    .number()
    .int()
    .refine((v) => (FLOW_REALTIME_INTERVALS as readonly number[]).includes(v))
    .default(1000),
});
export type FlowSubscribeData = z.infer<typeof flowSubscribeData>;

export const flowRatePoint = z.object({
  Time: z.number(),
  /** Uplink bytes/s (the network: its gateways', else its APs' together; docs/analytics.md). */
  RxRate: z.number(),
  TxRate: z.number(),
  /** Devices reporting among those counted (0: all offline; rates then 0). */
  Online: z.number().int(),
});
export type FlowRatePoint = z.infer<typeof flowRatePoint>;

/** The data of `flow.rates`. */
export const flowRatesData = z.object({
  Network: z.string().nullable(),
  Device: z.string().nullable(),
  IntervalMs: z.number().int(),
  /** The first message: the points of the last FLOW_REALTIME_HISTORY_MS; then one point each. */
  Points: z.array(flowRatePoint),
});
export type FlowRatesData = z.infer<typeof flowRatesData>;

/** The data of `flow.error`. */
export const flowErrorData = z.object({ code: z.number().int(), message: z.string() });
export type FlowErrorData = z.infer<typeof flowErrorData>;

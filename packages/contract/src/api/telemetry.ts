/**
 * Device telemetry: the chart calls of spec §7 DEVICE (getcpu, getDeviceRate, …), the latest port
 * table, radio state and usage, model tallies, hourly AP and client counts, and the broker URLs.
 * Times are Unix milliseconds like the rest of the device API; bytes are bytes (spec §9: base 1024
 * when shown); rates are bytes per second. Design: docs/telemetry.md.
 */
import { z } from 'zod';
import { DEVICE_MODELS, DeviceType, type DeviceModel } from '../enums.ts';

/** spec §9: 24 hourly buckets (day), 7 days (week), 28-31 days (month: the current calendar month). */
export const TELEMETRY_RANGES = ['day', 'week', 'month'] as const;
export type TelemetryRange = (typeof TELEMETRY_RANGES)[number];

/** spec §9 model choices A1-C3 and the type each one is (A APs, B switches, C1-C2 routers, C3 the AC). */
export const DEVICE_MODEL_TYPES: Readonly<Record<DeviceModel, DeviceType>> = {
  A1: DeviceType.AP,
  A2: DeviceType.AP,
  A3: DeviceType.AP,
  B1: DeviceType.Switch,
  B2: DeviceType.Switch,
  B3: DeviceType.Switch,
  C1: DeviceType.Router,
  C2: DeviceType.Router,
  C3: DeviceType.AC,
};

const deviceId = z.string().min(1).max(64);
const snText = z.string().max(256);
/** Minutes east of UTC of the caller's calendar (the browser's `-getTimezoneOffset()`), for day buckets. */
const tzMinutes = z.coerce.number().int().min(-840).max(840).default(0);
const range = z.enum(TELEMETRY_RANGES).default('day');

/** One device by `_id` or `SN` (12123 without either, 12003 when the caller cannot see it). */
export const telemetryDeviceQuery = z.object({ _id: deviceId.optional(), SN: snText.optional() });
export type TelemetryDeviceQuery = z.infer<typeof telemetryDeviceQuery>;

/** A chart of one device over a range. */
export const telemetryChartQuery = telemetryDeviceQuery.extend({ range, tz: tzMinutes });
export type TelemetryChartQuery = z.infer<typeof telemetryChartQuery>;

/** reapcount: over the caller's whole fleet. */
export const telemetryFleetQuery = z.object({ range, tz: tzMinutes });
export type TelemetryFleetQuery = z.infer<typeof telemetryFleetQuery>;

/** reclcount: the caller's whole fleet, or one device when `_id` or `SN` is given. */
export const telemetryCountQuery = telemetryChartQuery;
export type TelemetryCountQuery = TelemetryChartQuery;

const series = z.array(z.number().nullable());
/** Every chart: bucket starts (ms) in `Time`, and per series one value per bucket; null = no data (a gap). */
const chartBase = {
  _id: z.string(),
  SN: z.string(),
  Range: z.enum(TELEMETRY_RANGES),
  Time: z.array(z.number()),
};

/** getcpu: CPU and memory use, % (average and highest sample of each bucket). */
export const cpuChartReply = z.object({
  ...chartBase,
  CPUUsed: series,
  CPUMax: series,
  MemoryUsed: series,
  MemoryMax: series,
});
export type CpuChartReply = z.infer<typeof cpuChartReply>;

/** getDeviceRate: uplink rates, bytes/s: average over the bucket and the highest stats interval in it. */
export const rateChartReply = z.object({
  ...chartBase,
  RxRate: series,
  TxRate: series,
  RxRateMax: series,
  TxRateMax: series,
});
export type RateChartReply = z.infer<typeof rateChartReply>;

/** getDeviceTotalFlow: bytes moved per bucket and over the whole range (null: no data at all). */
export const flowChartReply = z.object({
  ...chartBase,
  RxBytes: series,
  TxBytes: series,
  TotalRxBytes: z.number().nullable(),
  TotalTxBytes: z.number().nullable(),
});
export type FlowChartReply = z.infer<typeof flowChartReply>;

/** getDeviceThermometer: board temperature, °C. */
export const temperatureChartReply = z.object({
  ...chartBase,
  Temperature: series,
  TemperatureMax: series,
});
export type TemperatureChartReply = z.infer<typeof temperatureChartReply>;

/** getDevicePower: PoE budget and power delivered, W. */
export const powerChartReply = z.object({
  ...chartBase,
  PowerBudget: series,
  PowerDelivered: series,
  PowerDeliveredMax: series,
});
export type PowerChartReply = z.infer<typeof powerChartReply>;

/**
 * reclcount ("Hourly user count: Time, HourNumber list") and reapcount: one number per bucket.
 * _id and SN are null for the whole fleet.
 */
export const hourCountReply = z.object({
  _id: z.string().nullable(),
  SN: z.string().nullable(),
  Range: z.enum(TELEMETRY_RANGES),
  Time: z.array(z.number()),
  HourNumber: series,
});
export type HourCountReply = z.infer<typeof hourCountReply>;

/** getspeed: the uplink speed now (last stats interval) and its average and peak over the range. */
export const speedReply = z.object({
  _id: z.string(),
  SN: z.string(),
  Range: z.enum(TELEMETRY_RANGES),
  Online: z.boolean(),
  ReportTime: z.number().nullable(),
  RxRate: z.number().nullable(),
  TxRate: z.number().nullable(),
  RxRateAvg: z.number().nullable(),
  TxRateAvg: z.number().nullable(),
  RxRateMax: z.number().nullable(),
  TxRateMax: z.number().nullable(),
});
export type SpeedReply = z.infer<typeof speedReply>;

/** getDeviceUsage: the last stats' gauges; unknown (null) while the device is offline (spec §3). */
export const usageReply = z.object({
  _id: z.string(),
  SN: z.string(),
  Online: z.boolean(),
  ReportTime: z.number().nullable(),
  CPUUsed: z.number().nullable(),
  MemoryUsed: z.number().nullable(),
  /** Bytes. */
  MemoryTotal: z.number().nullable(),
  MemoryUsedBytes: z.number().nullable(),
  Temperature: z.number().nullable(),
  Clients: z.number().nullable(),
  PowerBudget: z.number().nullable(),
  PowerDelivered: z.number().nullable(),
  UpTime: z.number().nullable(),
});
export type UsageReply = z.infer<typeof usageReply>;

export const portPoeInfo = z.object({
  Enabled: z.boolean(),
  /** disabled, searching, delivering, fault, overload, denied (or another the device reported). */
  Status: z.string(),
  /** W. */
  Power: z.number(),
  Class: z.number().nullable(),
});
export const portInfoItem = z.object({
  Port: z.number().int(),
  Name: z.string().nullable(),
  Enabled: z.boolean(),
  Up: z.boolean(),
  /** Mbps, null while down. */
  Speed: z.number().nullable(),
  Duplex: z.enum(['full', 'half']).nullable(),
  Media: z.enum(['copper', 'fiber']).nullable(),
  Uplink: z.boolean(),
  RxBytes: z.number(),
  TxBytes: z.number(),
  Poe: portPoeInfo.nullable(),
});
export type PortInfoItem = z.infer<typeof portInfoItem>;

/** getPortInfo: the port table as the device last reported it (the switch front panel). */
export const portInfoReply = z.object({
  _id: z.string(),
  SN: z.string(),
  Online: z.boolean(),
  /** When the table was reported; null if never. */
  ReportTime: z.number().nullable(),
  PowerBudget: z.number().nullable(),
  PowerDelivered: z.number().nullable(),
  list: z.array(portInfoItem),
});
export type PortInfoReply = z.infer<typeof portInfoReply>;

export const apRadioInfo = z.object({
  /** '2.4', '5', '6' (GHz). */
  Band: z.string(),
  Enabled: z.boolean(),
  Channel: z.number(),
  /** MHz. */
  Width: z.number(),
  /** dBm. */
  TxPower: z.number(),
  /** Channel assignment: 'auto' or 'manual'. */
  CAType: z.string(),
  /** Noise floor, dBm. */
  BaseRssi: z.number().nullable(),
  Clients: z.number().nullable(),
  /** Channel utilisation, %. */
  Utilization: z.number().nullable(),
  Bssids: z.array(z.string()),
});
export const wanInfo = z.object({
  Name: z.string(),
  Up: z.boolean(),
  Proto: z.string(),
  IP: z.string().nullable(),
  GateWay: z.string().nullable(),
});

/** getapconfig: an AP's radios and addressing as it last reported them. */
export const apConfigReply = z.object({
  _id: z.string(),
  SN: z.string(),
  Online: z.boolean(),
  ReportTime: z.number().nullable(),
  IPMode: z.string().nullable(),
  /** The configuration in force: its id and revision. */
  ConfigData: z.object({ Id: z.string(), Revision: z.number() }).nullable(),
  Radios: z.array(apRadioInfo),
  Wan: z.array(wanInfo),
});
export type ApConfigReply = z.infer<typeof apConfigReply>;

/** getDevMode: the models in use among the caller's devices. */
export const devModeQuery = z.object({
  Type: z.coerce
    .number()
    .int()
    .refine((t) => (Object.values(DeviceType) as number[]).includes(t), {
      error: '1 AC, 2 AP, 3 switch, 4 router',
    })
    .optional(),
});
export type DevModeQuery = z.infer<typeof devModeQuery>;
export const devModeReply = z.object({
  list: z.array(
    z.object({
      Model: z.string(),
      Type: z.number().int().nullable(),
      Total: z.number().int(),
      Online: z.number().int(),
    }),
  ),
});
export type DevModeReply = z.infer<typeof devModeReply>;

/** getDevModeList: the model choices of spec §9 (A1-C3), with their type. */
export const devModeListReply = z.object({
  list: z.array(z.object({ Model: z.enum(DEVICE_MODELS), Type: z.number().int() })),
});
export type DevModeListReply = z.infer<typeof devModeListReply>;

/** getBroURL: where devices (and tools) reach the MQTT broker; never with credentials. */
export const brokerUrlReply = z.object({
  External: z.boolean(),
  list: z.array(z.string()),
});
export type BrokerUrlReply = z.infer<typeof brokerUrlReply>;

/**
 * Field schemas shared by the messages of the device protocol. The contract's validators are reused
 * where they exist (MAC, IPv4, subnet mask, firmware version, MD5, VLAN); every schema keeps its rule
 * as a JSON-Schema-visible check (pattern, range) so the exported JSON Schema shows it too.
 */
import { z } from 'zod';
import { DeviceType } from '../enums.ts';
import {
  FIRMWARE_VERSION_MAX,
  FIRMWARE_VERSION_RE,
  IPV4_RE,
  MD5_RE,
  VLAN_ID,
  isSubnetMask,
  normalizeMac,
} from '../validators.ts';
import {
  COMMAND_ID_RE,
  HOSTNAME_RE,
  PROTOCOL_LIMITS,
  NONCE_RE,
  PROTOCOL_VERSION,
  SN_RE,
  TOKEN_RE,
  WIRE_MAC_RE,
} from './constants.ts';

export const protocolVersion = z
  .literal(PROTOCOL_VERSION)
  .meta({ description: 'Protocol major version; a message of another version is dropped.' });

/** Unix time in milliseconds (13 digits today). */
export const unixMs = z
  .number()
  .int()
  .min(0)
  .max(Number.MAX_SAFE_INTEGER)
  .meta({ description: 'Unix time in milliseconds' });

/** A monotonic counter or any other non-negative integer that may exceed 32 bits. */
export const counter = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const uint32 = z.number().int().min(0).max(0xffffffff);

export const sn = z.string().regex(SN_RE, { error: 'SN: 8-32 of A-Z and 0-9' });
export const commandId = z.string().regex(COMMAND_ID_RE, { error: 'command id: 1-64 of A-Z a-z 0-9 _ -' });
export const nonce = z.string().regex(NONCE_RE, { error: '8-32 letters and digits' });
/** An open enumeration value (event type, reason code, capability): receivers ignore values they do not know. */
export const token = z.string().regex(TOKEN_RE, { error: 'lower snake case, 1-32' });

/** True when `value` is a MAC in the form payloads carry: `normalizeMac` leaves it unchanged. */
export function isWireMac(value: string): boolean {
  return WIRE_MAC_RE.test(value) && normalizeMac(value) === value;
}

/** A MAC address exactly as the contract stores it: 12 upper-case hex digits, no separators. */
export const mac = z
  .string()
  .regex(WIRE_MAC_RE, { error: 'MAC: 12 upper-case hex digits, no separators' })
  .meta({ description: 'MAC address, 12 upper-case hex digits without separators, e.g. 0C1A2B3C4D5E' });

export const ipv4 = z
  .string()
  .regex(IPV4_RE, { error: 'check IP' })
  .meta({ description: 'IPv4, dotted quad' });
export const netmask = z
  .string()
  .regex(IPV4_RE, { error: 'check mask' })
  .refine(isSubnetMask, { error: 'check mask' })
  .meta({ description: 'IPv4 subnet mask of contiguous ones, e.g. 255.255.255.0' });
export const hostname = z
  .string()
  .max(PROTOCOL_LIMITS.maxHostname)
  .regex(HOSTNAME_RE, { error: 'check host name' });

export const firmwareVersion = z
  .string()
  .max(FIRMWARE_VERSION_MAX)
  .regex(FIRMWARE_VERSION_RE, { error: 'like v2.00.002' })
  .meta({ description: 'Firmware version like v2.00.002 (at most 15 characters)' });
export const md5Hex = z.string().regex(MD5_RE, { error: '32 hex digits' });
export const vlan = z.number().int().min(VLAN_ID.min).max(VLAN_ID.max);
/** A printable ASCII name without edge spaces: model, hardware version. */
export const asciiName = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/, { error: 'printable ASCII, no edge spaces' });
/** Free text of at most `max` characters (UTF-16 units), without control characters (no tabs, no new lines). */
export const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^\P{Cc}*$/u, { error: 'no control characters' });
export const httpUrl = z
  .url({ protocol: /^https?$/ })
  .max(PROTOCOL_LIMITS.maxUrl)
  .regex(/^https?:\/\//, { error: 'http or https URL' });

export const deviceType = z
  .literal([DeviceType.AC, DeviceType.AP, DeviceType.Switch, DeviceType.Router])
  .meta({ description: 'Device type: 1 AC, 2 AP, 3 switch, 4 router' });

/** Wi-Fi bands in GHz. */
export const WIFI_BANDS = ['2.4', '5', '6'] as const;
export type WifiBand = (typeof WIFI_BANDS)[number];
export const band = z.enum(WIFI_BANDS).meta({ description: 'Wi-Fi band in GHz' });

export const percent = z.number().min(0).max(100);
export const dbm = z.number().int().min(-120).max(0);
export const watts = z.number().min(0).max(10_000);

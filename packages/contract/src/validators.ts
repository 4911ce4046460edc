/**
 * Shared validators of spec §5, used by the server's schemas and the console's forms alike.
 * Each rule is a pure predicate (or parser) first; the zod schemas at the end of each section
 * wrap it. Machine-like values (addresses, codes, numbers) are trimmed by the schemas; secrets and
 * names are not, because a space there is part of the value or a mistake to report. Schemas use
 * zod's own checks (regex, min, max) where they can, so the generated OpenAPI shows the rule.
 */
import { z } from 'zod';

// ---- Accounts ----

/** spec §5 and §9: account name 4-12 characters, password 6-18; both trimmed before sending. */
export const ACCOUNT_NAME_LENGTH = { min: 4, max: 12 } as const;
export const PASSWORD_LENGTH = { min: 6, max: 18 } as const;

// Lengths count UTF-16 units here, as zod's min and max do, so form and server agree.
export function isAccountName(value: string): boolean {
  const n = value.trim().length;
  return n >= ACCOUNT_NAME_LENGTH.min && n <= ACCOUNT_NAME_LENGTH.max;
}

export function isPasswordLength(value: string): boolean {
  const n = value.trim().length;
  return n >= PASSWORD_LENGTH.min && n <= PASSWORD_LENGTH.max;
}

/**
 * 6-18 visible ASCII characters mixing at least two of digits, letters and symbols. Spaces are
 * refused: the console trims before sending, so an edge space would silently change the password.
 */
export function isStrongPassword(value: string): boolean {
  if (!/^[\x21-\x7E]+$/.test(value)) return false;
  if (value.length < PASSWORD_LENGTH.min || value.length > PASSWORD_LENGTH.max) return false;
  const kinds = [/\d/, /[A-Za-z]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
  return kinds >= 2;
}

/** Mainland mobile numbers: 1, then 3-9, then nine digits; an optional +86 / 86 country prefix. */
export const MOBILE_PHONE_RE = /^(?:\+?86[ -]?)?1[3-9]\d{9}$/;

export function isMobilePhone(value: string): boolean {
  return MOBILE_PHONE_RE.test(value);
}

const DIGIT_CODE_RE = { 5: /^\d{5}$/, 6: /^\d{6}$/ } as const;

/** SMS and e-mail codes of 5 or 6 digits. */
export function isDigitCode(value: string, length: 5 | 6): boolean {
  return DIGIT_CODE_RE[length].test(value);
}

/** The forgot-password code is 5 characters (spec §5), so letters are allowed as well as digits. */
export const RESET_CODE_RE = /^[A-Za-z0-9]{5}$/;

export function isResetCode(value: string): boolean {
  return RESET_CODE_RE.test(value);
}

export const strongPassword = z.string().refine(isStrongPassword, { error: 'weak password' });
export const mobilePhone = z.string().trim().regex(MOBILE_PHONE_RE, { error: 'check phone' });
/** A mainland mobile number in its stored form: the 11 digits, whatever prefix was typed. */
export const phoneNumber = mobilePhone.transform((v) => v.slice(-11));
export const digitCode = (length: 5 | 6) =>
  z
    .string()
    .trim()
    .regex(DIGIT_CODE_RE[length], { error: `${length} digits` });
export const resetCode = z.string().trim().regex(RESET_CODE_RE, { error: '5 characters' });

// ---- MAC addresses ----

/** 12 hex digits, in pairs separated by nothing, all ':' or all '-' (mixed separators are refused). */
export const MAC_RE = /^[0-9A-Fa-f]{2}([:-]?)[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}$/;

/** The stored form: upper case without separators, e.g. AABBCCDDEEFF; null when invalid. */
export function normalizeMac(value: string): string | null {
  const s = value.trim();
  return MAC_RE.test(s) ? s.replace(/[:-]/g, '').toUpperCase() : null;
}

/**
 * A locally administered MAC (second hex digit 2, 6, A or E): chosen by the client's OS, often at
 * random for privacy, so its prefix names no maker. False for an invalid MAC.
 */
export function isLocalMac(value: string): boolean {
  const mac = normalizeMac(value);
  return mac !== null && (parseInt(mac[1]!, 16) & 2) === 2;
}

export function isMac(value: string): boolean {
  return normalizeMac(value) !== null;
}

/** The displayed form: AA-BB-CC-DD-EE-FF; null when invalid. */
export function displayMac(value: string): string | null {
  const mac = normalizeMac(value);
  return mac === null ? null : (mac.match(/../g) ?? []).join('-');
}

/** Fewer bytes than this cannot identify a device (spec §5). */
export const MIN_BITMAP_BYTES = 4;
const HEX_BYTES_RE = /^[0-9A-Fa-f]{2}([:-]?)[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2})*$/;

/** A MAC-like hex string (optionally separated like a MAC) as bytes; null if malformed or under 4 bytes. */
export function macToBitmap(value: string): Uint8Array | null {
  const s = value.trim();
  if (!HEX_BYTES_RE.test(s)) return null;
  const hex = s.replace(/[:-]/g, '');
  if (hex.length / 2 < MIN_BITMAP_BYTES) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Bytes back to upper-case hex without separators; null if under 4 bytes or a value is not a byte. */
export function bitmapToMac(bytes: ArrayLike<number>): string | null {
  if (bytes.length < MIN_BITMAP_BYTES) return null;
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (!Number.isInteger(b) || b < 0 || b > 255) return null;
    out += b.toString(16).padStart(2, '0');
  }
  return out.toUpperCase();
}

/** Accepts any valid spelling and outputs the stored form. */
export const macAddress = z
  .string()
  .trim()
  .regex(MAC_RE, { error: 'check MAC' })
  .transform((v) => normalizeMac(v)!);

// ---- IPv4 ----

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** Dotted quad, each part 0-255 without leading zeros (which some parsers read as octal). */
export const IPV4_RE = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

export function isIPv4(value: string): boolean {
  return IPV4_RE.test(value);
}

/** The two messages of spec §5, used as i18n keys by the console. */
export type IpCheckError = 'IP is null' | 'check IP';

export function checkIp(value: string | null | undefined): IpCheckError | null {
  if (value == null || value.trim() === '') return 'IP is null';
  return isIPv4(value) ? null : 'check IP';
}

function ipToUint32(value: string): number {
  return value.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

/** Prefix length of a mask of contiguous ones (/1 to /32), or null for anything else. */
export function maskPrefixLength(value: string): number | null {
  if (!isIPv4(value)) return null;
  const n = ipToUint32(value);
  if (n === 0) return null; // 0.0.0.0 leaves no network to configure
  const inverted = 0xffffffff - n;
  // Contiguous ones ⇔ the inverted mask is 2^k - 1.
  if ((inverted & (inverted + 1)) !== 0) return null;
  return 32 - Math.log2(inverted + 1);
}

export function isSubnetMask(value: string): boolean {
  return maskPrefixLength(value) !== null;
}

/** Whether two addresses lie in one subnet of `mask`; false when any of the three is malformed. */
export function isSameSubnet(a: string, b: string, mask: string): boolean {
  if (!isIPv4(a) || !isIPv4(b) || !isSubnetMask(mask)) return false;
  const m = ipToUint32(mask);
  // Unsigned compare: `&` yields signed 32-bit numbers, `>>> 0` brings them back.
  return (ipToUint32(a) & m) >>> 0 === (ipToUint32(b) & m) >>> 0;
}

/**
 * An address a device may take in its subnet: not the subnet's own address nor its broadcast
 * address. /31 and /32 have neither (RFC 3021 point-to-point links), so any address passes there.
 */
export function isHostAddress(ip: string, mask: string): boolean {
  const prefix = maskPrefixLength(mask);
  if (!isIPv4(ip) || prefix === null) return false;
  if (prefix >= 31) return true;
  const hostBits = ipToUint32(ip) % 2 ** (32 - prefix);
  return hostBits !== 0 && hostBits !== 2 ** (32 - prefix) - 1;
}

/** Compares two addresses numerically: negative when `a` comes first. Both must be valid IPv4. */
export function compareIPv4(a: string, b: string): number {
  return ipToUint32(a) - ipToUint32(b);
}

/** spec §5: the console's devices sit behind a 192.168.x.x gateway. */
export function isGateway(value: string): boolean {
  return isIPv4(value) && value.startsWith('192.168.');
}

export const ipv4Address = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = checkIp(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export const subnetMask = z.string().trim().refine(isSubnetMask, { error: 'check mask' });
export const gatewayAddress = z.string().trim().refine(isGateway, { error: 'check gateway' });

// ---- Integers ----

/** An integer from a number or a plain digit string ("08", "1.0", " 1" and "-1" are refused as strings). */
export function toInteger(value: string | number): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (!/^(?:0|[1-9]\d*)$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

function intInRange(value: string | number, min: number, max: number): boolean {
  const n = toInteger(value);
  return n !== null && n >= min && n <= max;
}

export function isPositiveInt(value: string | number): boolean {
  return intInRange(value, 1, Number.MAX_SAFE_INTEGER);
}

/** spec §5: a wireless group's maximum client count must be above zero. */
export function isMaxClientCount(value: string | number): boolean {
  return isPositiveInt(value);
}

export function isPort(value: string | number): boolean {
  return intInRange(value, 0, 65535);
}

/** spec §5 says 2-4094 while one config text says 3-4094; the wider rule wins (1 is the default VLAN). */
export const VLAN_ID = { min: 2, max: 4094 } as const;

export function isVlanId(value: string | number): boolean {
  return intInRange(value, VLAN_ID.min, VLAN_ID.max);
}

/** A number or digit string that passes `check`, output as a number. */
function integerField(check: (value: string | number) => boolean, error: string) {
  return z.union([z.number(), z.string().trim()]).transform((value, ctx) => {
    if (!check(value)) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    return Number(value);
  });
}

export const positiveInt = integerField(isPositiveInt, 'positive integer');
export const maxClientCount = integerField(isMaxClientCount, 'max clients > 0');
export const port = integerField(isPort, 'port 0-65535');
export const vlanId = integerField(isVlanId, `VLAN ${VLAN_ID.min}-${VLAN_ID.max}`);

// ---- Speeds and bandwidth ----

/** A positive number (decimals allowed) and a unit k, m, g or t in any case, e.g. 3M, 512k, 1.5G. */
export const SPEED_RE = /^(0|[1-9]\d*)(\.\d+)?([kmgt])$/i;
/** Network rates are decimal: 1M is 1 000 000 bit/s. */
const SPEED_UNITS: Record<string, number> = { k: 1e3, m: 1e6, g: 1e9, t: 1e12 };

/** Bits per second, or null when malformed or zero. */
export function parseSpeed(value: string): number | null {
  const m = SPEED_RE.exec(value.trim());
  if (!m) return null;
  const bps = Math.round(Number(`${m[1]}${m[2] ?? ''}`) * SPEED_UNITS[m[3]!.toLowerCase()]!);
  return bps > 0 ? bps : null;
}

export function isSpeed(value: string): boolean {
  return parseSpeed(value) !== null;
}

/** A wireless group's bandwidth limit: a whole number of K or M, e.g. 3M or 512K. */
export const BANDWIDTH_RE = /^[1-9]\d*[km]$/i;

export function isBandwidth(value: string): boolean {
  return BANDWIDTH_RE.test(value.trim());
}

/** A per-client bandwidth limit in whole kbit/s, the protocol's unit: 1 kbit/s to 10 Gbit/s. */
export const BANDWIDTH_KBPS = { min: 1, max: 10_000_000 } as const;

/**
 * A bandwidth limit typed like a speed ("3M", "512K", "1.5G": number plus K/M/G/T, decimal units)
 * in kbit/s: "3M" is 3000, "512K" is 512. Null when malformed, not a whole number of kbit/s
 * ("0.5K") or outside `BANDWIDTH_KBPS` (10 Gbit/s: "0.01T" is the largest T value). This is the
 * configuration profile's rule (issue 15 asks for K/M/G/T); `isBandwidth` is the narrower whole-K/M
 * shape.
 */
export function bandwidthKbps(value: string): number | null {
  const bps = parseSpeed(value);
  if (bps === null || bps % 1000 !== 0) return null;
  const kbps = bps / 1000;
  return kbps >= BANDWIDTH_KBPS.min && kbps <= BANDWIDTH_KBPS.max ? kbps : null;
}

export const speed = z.string().trim().refine(isSpeed, { error: 'check speed' });
export const bandwidth = z.string().trim().regex(BANDWIDTH_RE, { error: 'check bandwidth' });

// ---- Wireless secrets and names ----

/**
 * The spec's "8 or 24 inner chars" is read as 8 to 24 visible ASCII characters; spaces are allowed
 * inside but not at either edge, where they are almost always a typing slip.
 */
export const WIFI_PASSWORD_RE = /^[\x21-\x7E][\x20-\x7E]{6,22}[\x21-\x7E]$/;

export function isWifiPassword(value: string): boolean {
  return WIFI_PASSWORD_RE.test(value);
}

/** Bytes of `value` in UTF-8: an SSID's limit is 32 bytes, so a Chinese character counts 3. */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * "SSID-like 4 or 12 inner chars", read the same way: 4 to 12 characters, no control characters,
 * no edge spaces. Any script is allowed (Chinese names are common) within an SSID's 32 bytes.
 */
export function isSsidLike(value: string): boolean {
  const n = Array.from(value).length; // characters, not UTF-16 units
  if (n < 4 || n > 12) return false;
  if (value.trim() !== value || /\p{Cc}/u.test(value)) return false;
  return utf8ByteLength(value) <= 32;
}

/** WEP: 5 or 13 ASCII characters (64/128-bit) or 10 or 26 hex digits. */
export const WEP_KEY_RE = /^(?:[\x20-\x7E]{5}|[\x20-\x7E]{13}|[0-9A-Fa-f]{10}|[0-9A-Fa-f]{26})$/;

export function isWepKey(value: string): boolean {
  return WEP_KEY_RE.test(value);
}

/** WPA pre-shared key passphrase: 8 to 63 printable ASCII characters. */
export const PRESHARED_KEY_RE = /^[\x20-\x7E]{8,63}$/;

export function isPresharedKey(value: string): boolean {
  return PRESHARED_KEY_RE.test(value);
}

export const wifiPassword = z.string().regex(WIFI_PASSWORD_RE, { error: '8-24 characters' });
export const ssidLike = z.string().refine(isSsidLike, { error: '4-12 characters' });
export const wepKey = z.string().regex(WEP_KEY_RE, { error: 'check WEP key' });
export const presharedKey = z.string().regex(PRESHARED_KEY_RE, { error: '8-63 characters' });

// ---- Firmware ----

/** "v2.00.002": a lower-case v and three dot-separated numbers, at most 15 characters. */
export const FIRMWARE_VERSION_RE = /^v\d+\.\d+\.\d+$/;
export const FIRMWARE_VERSION_MAX = 15;
/** A CRC32 written like 0x035a231a. */
export const CHECKSUM_RE = /^0x[0-9A-Fa-f]{8}$/;
export const MD5_RE = /^[0-9A-Fa-f]{32}$/;

export function isFirmwareVersion(value: string): boolean {
  return value.length <= FIRMWARE_VERSION_MAX && FIRMWARE_VERSION_RE.test(value);
}

export function isChecksum(value: string): boolean {
  return CHECKSUM_RE.test(value);
}

export function isMd5(value: string): boolean {
  return MD5_RE.test(value);
}

const firmwareVersionError = { error: 'like v2.00.002' };
export const firmwareVersion = z
  .string()
  .trim()
  .max(FIRMWARE_VERSION_MAX, firmwareVersionError)
  .regex(FIRMWARE_VERSION_RE, firmwareVersionError);
export const checksum = z.string().trim().regex(CHECKSUM_RE, { error: 'like 0x035a231a' });
export const md5 = z.string().trim().regex(MD5_RE, { error: '32 hex digits' });

// ---- Text ----

/** Not empty, not only spaces, and no space at either edge. */
export function isCleanText(value: string): boolean {
  return value.length > 0 && value.trim() === value;
}

/** Name-like text with the clean-text rule and a length range, e.g. building names 2-16. */
export const cleanText = (min: number, max: number) => {
  const length = { error: `length ${min}-${max}` };
  return z.string().min(min, length).max(max, length).refine(isCleanText, { error: 'no edge spaces' });
};

/** A pragmatic address check (RFC 5321 lengths, dotted atoms, a top-level domain of letters). */
export const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function isEmail(value: string): boolean {
  if (value.length > 254 || !EMAIL_RE.test(value)) return false;
  return value.indexOf('@') <= 64;
}

export const email = z
  .string()
  .trim()
  .max(254, { error: 'check e-mail' })
  .refine(isEmail, { error: 'check e-mail' });

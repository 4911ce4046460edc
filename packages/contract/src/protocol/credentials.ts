/**
 * MQTT credentials of a device (docs/device-protocol.md §Credentials). Node only (node:crypto):
 * the server and the simulator import this file by path; the package index does not export it, so
 * the console never bundles it.
 *
 *   password = base64url( HMAC-SHA256( key = factoryKey (32 bytes), message = "netconsole/mqtt/v1/" + SN ) )
 *
 * without '=' padding: 43 characters. The factory key is written as 64 hex digits.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SN_RE } from './constants.ts';

export const FACTORY_KEY_RE = /^[0-9A-Fa-f]{64}$/;
/** Domain separation: other secrets may be derived from the same factory key with other labels. */
export const MQTT_PASSWORD_LABEL = 'netconsole/mqtt/v1/';
export const DEVICE_SECRET_RE = /^[A-Za-z0-9_-]{43}$/;

/** The 32 key bytes of a factory key written as 64 hex digits; throws on anything else. */
export function parseFactoryKey(hex: string): Buffer {
  if (!FACTORY_KEY_RE.test(hex)) throw new RangeError('factory key: 64 hex digits (32 bytes)');
  return Buffer.from(hex, 'hex');
}

function keyBytes(factoryKey: string | Uint8Array): Uint8Array {
  if (typeof factoryKey === 'string') return parseFactoryKey(factoryKey);
  if (factoryKey.length !== 32) throw new RangeError('factory key: 32 bytes');
  return factoryKey;
}

/** The MQTT password of the device `sn`. */
export function deviceSecret(factoryKey: string | Uint8Array, sn: string): string {
  if (!SN_RE.test(sn)) throw new RangeError('SN: 8-32 of A-Z and 0-9');
  return createHmac('sha256', keyBytes(factoryKey))
    .update(MQTT_PASSWORD_LABEL + sn, 'utf8')
    .digest('base64url');
}

/** Whether `password` is the secret of `sn`, in constant time (the broker's authentication hook). */
export function verifyDeviceSecret(
  factoryKey: string | Uint8Array,
  sn: string,
  password: string | Uint8Array,
): boolean {
  if (!SN_RE.test(sn)) return false;
  const given = typeof password === 'string' ? Buffer.from(password, 'utf8') : Buffer.from(password);
  const expected = Buffer.from(deviceSecret(factoryKey, sn), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { describe, expect, it } from 'vitest';
import { DEVICE_SECRET_RE, deviceSecret, parseFactoryKey, verifyDeviceSecret } from './credentials.ts';

// Known answers computed independently:
//   printf '%s' "netconsole/mqtt/v1/$SN" | openssl dgst -sha256 -mac HMAC -macopt hexkey:$KEY -binary \
//     | base64 | tr '+/' '-_' | tr -d '='
const KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('device secret derivation', () => {
  it('matches the known answers', () => {
    expect(deviceSecret(KEY, 'AP0123456789')).toBe('kxrMxvoyrI8e3ycD-LBlmKMPjKeVTfD729tagVBT61o');
    expect(deviceSecret(KEY, 'SW20240001')).toBe('a4HJH5omvMsdRD5DqeAballuUDc-HCGGdgtG6bn6DFg');
  });

  it('takes the key as hex in either case or as 32 bytes', () => {
    const expected = deviceSecret(KEY, 'AP0123456789');
    expect(deviceSecret(KEY.toUpperCase(), 'AP0123456789')).toBe(expected);
    expect(deviceSecret(new Uint8Array(parseFactoryKey(KEY)), 'AP0123456789')).toBe(expected);
    expect(expected).toMatch(DEVICE_SECRET_RE);
  });

  it('refuses malformed keys and SNs', () => {
    expect(() => deviceSecret(KEY.slice(2), 'AP0123456789')).toThrow(RangeError);
    expect(() => deviceSecret(`${KEY.slice(2)}zz`, 'AP0123456789')).toThrow(RangeError);
    expect(() => deviceSecret(new Uint8Array(16), 'AP0123456789')).toThrow(RangeError);
    expect(() => deviceSecret(KEY, 'ap0123456789')).toThrow(RangeError);
  });

  it('verifies a password against the SN', () => {
    const secret = deviceSecret(KEY, 'AP0123456789');
    expect(verifyDeviceSecret(KEY, 'AP0123456789', secret)).toBe(true);
    expect(verifyDeviceSecret(KEY, 'AP0123456789', Buffer.from(secret))).toBe(true);
    expect(verifyDeviceSecret(KEY, 'AP0123456780', secret)).toBe(false);
    expect(verifyDeviceSecret(KEY, 'AP0123456789', secret.slice(1))).toBe(false);
    expect(verifyDeviceSecret(KEY, 'AP0123456789', '')).toBe(false);
    expect(verifyDeviceSecret(KEY, 'not an sn', secret)).toBe(false);
  });
});

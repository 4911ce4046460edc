import { describe, expect, it } from 'vitest';
import {
  MAC_RE,
  bandwidth,
  bandwidthKbps,
  bitmapToMac,
  checkIp,
  checksum,
  cleanText,
  compareIPv4,
  digitCode,
  displayMac,
  email,
  firmwareVersion,
  gatewayAddress,
  ipv4Address,
  isAccountName,
  isBandwidth,
  isChecksum,
  isCleanText,
  isDigitCode,
  isEmail,
  isFirmwareVersion,
  isGateway,
  isHostAddress,
  isIPv4,
  isMac,
  isMaxClientCount,
  isMd5,
  isMobilePhone,
  isPasswordLength,
  isPort,
  isPositiveInt,
  isPresharedKey,
  isResetCode,
  isSameSubnet,
  isSpeed,
  isSsidLike,
  isStrongPassword,
  isSubnetMask,
  isVlanId,
  isWepKey,
  isWifiPassword,
  macAddress,
  macToBitmap,
  maskPrefixLength,
  maxClientCount,
  md5,
  mobilePhone,
  normalizeMac,
  parseSpeed,
  port,
  positiveInt,
  presharedKey,
  resetCode,
  speed,
  ssidLike,
  strongPassword,
  subnetMask,
  toInteger,
  utf8ByteLength,
  vlanId,
  wepKey,
  wifiPassword,
} from './validators.ts';
import { accountName, loginPassword } from './api/user.ts';

const repeat = (ch: string, n: number) => ch.repeat(n);

describe('account name and password lengths', () => {
  it('accepts 4-12 character names after trimming', () => {
    expect(isAccountName('abc')).toBe(false);
    expect(isAccountName('abcd')).toBe(true);
    expect(isAccountName(repeat('a', 12))).toBe(true);
    expect(isAccountName(repeat('a', 13))).toBe(false);
    expect(isAccountName('  abcd  ')).toBe(true);
    expect(isAccountName(' abc ')).toBe(false);
    expect(isAccountName('')).toBe(false);
  });

  it('accepts 6-18 character passwords after trimming', () => {
    expect(isPasswordLength(repeat('x', 5))).toBe(false);
    expect(isPasswordLength(repeat('x', 6))).toBe(true);
    expect(isPasswordLength(repeat('x', 18))).toBe(true);
    expect(isPasswordLength(repeat('x', 19))).toBe(false);
    expect(isPasswordLength(`  ${repeat('x', 5)}  `)).toBe(false);
  });

  it('agrees with the login schemas', () => {
    for (const value of ['abc', 'abcd', ' abcd ', repeat('a', 12), repeat('a', 13)]) {
      expect(accountName.safeParse(value).success, value).toBe(isAccountName(value));
    }
    for (const value of [
      repeat('x', 5),
      repeat('x', 6),
      repeat('x', 18),
      repeat('x', 19),
      ` ${repeat('x', 5)} `,
    ]) {
      expect(loginPassword.safeParse(value).success, value).toBe(isPasswordLength(value));
    }
  });
});

describe('isStrongPassword', () => {
  it('needs two kinds among digits, letters and symbols', () => {
    expect(isStrongPassword('abc123')).toBe(true);
    expect(isStrongPassword('abc!@#')).toBe(true);
    expect(isStrongPassword('123!@#')).toBe(true);
    expect(isStrongPassword('ABCdef')).toBe(false);
    expect(isStrongPassword('123456')).toBe(false);
    expect(isStrongPassword('!@#$%^')).toBe(false);
  });

  it('keeps to 6-18 characters', () => {
    expect(isStrongPassword('ab12!')).toBe(false);
    expect(isStrongPassword('ab12!x')).toBe(true);
    expect(isStrongPassword(`${repeat('a', 17)}1`)).toBe(true);
    expect(isStrongPassword(`${repeat('a', 18)}1`)).toBe(false);
  });

  it('refuses spaces and non-ASCII', () => {
    expect(isStrongPassword('abc 123')).toBe(false);
    expect(isStrongPassword(' abc123')).toBe(false);
    expect(isStrongPassword('密码abc123')).toBe(false);
    expect(isStrongPassword('')).toBe(false);
  });

  it('backs the schema', () => {
    expect(strongPassword.safeParse('abc123').success).toBe(true);
    expect(strongPassword.safeParse('abcdef').success).toBe(false);
  });
});

describe('isMobilePhone', () => {
  it('accepts mainland numbers with an optional country prefix', () => {
    for (const v of [
      '13800138000',
      '19912345678',
      '16612345678',
      '+8613800138000',
      '8613800138000',
      '+86 13800138000',
    ]) {
      expect(isMobilePhone(v), v).toBe(true);
    }
  });

  it('refuses other shapes', () => {
    for (const v of [
      '12800138000',
      '1380013800',
      '138001380000',
      '23800138000',
      '1380013800a',
      '',
      ' 13800138000',
    ]) {
      expect(isMobilePhone(v), v).toBe(false);
    }
  });

  it('trims in the schema', () => {
    expect(mobilePhone.parse(' 13800138000 ')).toBe('13800138000');
    expect(mobilePhone.safeParse('10000000000').success).toBe(false);
  });
});

describe('codes', () => {
  it('checks 5- and 6-digit codes by exact length', () => {
    expect(isDigitCode('12345', 5)).toBe(true);
    expect(isDigitCode('123456', 5)).toBe(false);
    expect(isDigitCode('123456', 6)).toBe(true);
    expect(isDigitCode('12345', 6)).toBe(false);
    expect(isDigitCode('1234a', 5)).toBe(false);
    expect(isDigitCode('', 5)).toBe(false);
    expect(isDigitCode('１２３４５', 5)).toBe(false);
  });

  it('allows letters in the 5-character reset code', () => {
    expect(isResetCode('a1B2c')).toBe(true);
    expect(isResetCode('12345')).toBe(true);
    expect(isResetCode('a1B2')).toBe(false);
    expect(isResetCode('a1B2c3')).toBe(false);
    expect(isResetCode('a1 2c')).toBe(false);
  });

  it('trims in the schemas', () => {
    expect(digitCode(6).parse(' 123456 ')).toBe('123456');
    expect(digitCode(5).safeParse('123456').success).toBe(false);
    expect(resetCode.parse(' Ab3dE')).toBe('Ab3dE');
    expect(resetCode.safeParse('Ab3d!').success).toBe(false);
  });
});

describe('MAC addresses', () => {
  it('normalizes every separator style to upper case without separators', () => {
    for (const v of [
      'aabbccddeeff',
      'AA:BB:CC:DD:EE:FF',
      'aa-bb-cc-dd-ee-ff',
      'Aa:bB:cc:DD:ee:Ff',
      ' aa:bb:cc:dd:ee:ff ',
    ]) {
      expect(normalizeMac(v), v).toBe('AABBCCDDEEFF');
    }
  });

  it('refuses mixed separators, wrong lengths and non-hex', () => {
    for (const v of [
      'aa:bb-cc:dd-ee:ff',
      'aabb:ccdd:eeff',
      'aa:bb:cc:dd:ee',
      'aa:bb:cc:dd:ee:ff:00',
      'aabbccddeef',
      'aabbccddeeff0',
      'gg:bb:cc:dd:ee:ff',
      'aa.bb.cc.dd.ee.ff',
      'aa::bb:cc:dd:ee:ff',
      '',
      '   ',
    ]) {
      expect(normalizeMac(v), v).toBeNull();
      expect(isMac(v), v).toBe(false);
    }
  });

  it('keeps MAC_RE in step with normalizeMac', () => {
    expect(MAC_RE.test('AA-BB-CC-DD-EE-FF')).toBe(true);
    expect(MAC_RE.test('AABBCCDDEEFF')).toBe(true);
    expect(MAC_RE.test('AA-BB:CC-DD:EE-FF')).toBe(false);
  });

  it('displays dashed upper case', () => {
    expect(displayMac('aabbccddeeff')).toBe('AA-BB-CC-DD-EE-FF');
    expect(displayMac('00:1a:2B:3c:4D:5e')).toBe('00-1A-2B-3C-4D-5E');
    expect(displayMac('nope')).toBeNull();
  });

  it('outputs the stored form from the schema', () => {
    expect(macAddress.parse('aa-bb-cc-dd-ee-ff')).toBe('AABBCCDDEEFF');
    expect(macAddress.safeParse('aa-bb-cc-dd-ee').success).toBe(false);
  });
});

describe('MAC bitmaps', () => {
  it('converts hex to bytes and back', () => {
    const bytes = macToBitmap('00:1a:2b:3c:4d:ff');
    expect(bytes).toEqual(new Uint8Array([0x00, 0x1a, 0x2b, 0x3c, 0x4d, 0xff]));
    expect(bitmapToMac(bytes!)).toBe('001A2B3C4DFF');
  });

  it('round-trips any valid MAC', () => {
    for (const mac of ['000000000000', 'FFFFFFFFFFFF', '0123456789AB', 'A0B1C2D3E4F5']) {
      expect(bitmapToMac(macToBitmap(mac)!)).toBe(mac);
    }
  });

  it('needs at least 4 bytes', () => {
    expect(macToBitmap('aabbcc')).toBeNull();
    expect(macToBitmap('aa:bb:cc')).toBeNull();
    expect(macToBitmap('aabbccdd')).toEqual(new Uint8Array([0xaa, 0xbb, 0xcc, 0xdd]));
    expect(bitmapToMac([1, 2, 3])).toBeNull();
    expect(bitmapToMac(new Uint8Array(0))).toBeNull();
    expect(bitmapToMac([1, 2, 3, 4])).toBe('01020304');
  });

  it('refuses malformed input', () => {
    expect(macToBitmap('aabbccddeef')).toBeNull();
    expect(macToBitmap('aabbccddzz')).toBeNull();
    expect(macToBitmap('aa:bb-cc:dd')).toBeNull();
    expect(macToBitmap('')).toBeNull();
    expect(bitmapToMac([1, 2, 3, 256])).toBeNull();
    expect(bitmapToMac([1, 2, 3, -1])).toBeNull();
    expect(bitmapToMac([1, 2, 3, 1.5])).toBeNull();
  });
});

describe('IPv4', () => {
  it('accepts dotted quads of 0-255', () => {
    for (const v of ['0.0.0.0', '192.168.1.1', '255.255.255.255', '10.0.0.9', '172.16.254.100']) {
      expect(isIPv4(v), v).toBe(true);
    }
  });

  it('refuses out-of-range parts, leading zeros and other shapes', () => {
    for (const v of [
      '256.1.1.1',
      '1.1.1',
      '1.1.1.1.1',
      '01.1.1.1',
      '1.1.1.-1',
      '1.1.1.a',
      '1..1.1',
      ' 1.1.1.1',
      '',
    ]) {
      expect(isIPv4(v), v).toBe(false);
    }
  });

  it('answers with the spec messages', () => {
    expect(checkIp('')).toBe('IP is null');
    expect(checkIp('   ')).toBe('IP is null');
    expect(checkIp(null)).toBe('IP is null');
    expect(checkIp(undefined)).toBe('IP is null');
    expect(checkIp('1.2.3')).toBe('check IP');
    expect(checkIp('300.1.1.1')).toBe('check IP');
    expect(checkIp('8.8.8.8')).toBeNull();
  });

  it('reports the same messages from the schema', () => {
    expect(ipv4Address.parse(' 8.8.4.4 ')).toBe('8.8.4.4');
    const empty = ipv4Address.safeParse('');
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('IP is null');
    expect(ipv4Address.safeParse('1.2.3.400').error?.issues[0]?.message).toBe('check IP');
  });
});

describe('subnet masks', () => {
  it('accepts contiguous ones', () => {
    expect(maskPrefixLength('255.255.255.0')).toBe(24);
    expect(maskPrefixLength('255.255.255.255')).toBe(32);
    expect(maskPrefixLength('128.0.0.0')).toBe(1);
    expect(maskPrefixLength('255.255.252.0')).toBe(22);
    expect(isSubnetMask('255.255.255.128')).toBe(true);
  });

  it('refuses gaps, zero and non-addresses', () => {
    for (const v of [
      '255.0.255.0',
      '255.255.255.1',
      '0.0.0.0',
      '0.255.255.255',
      '255.255.253.0',
      '255.255.255',
      'x',
    ]) {
      expect(isSubnetMask(v), v).toBe(false);
    }
    expect(subnetMask.safeParse('255.255.0.0').success).toBe(true);
    expect(subnetMask.safeParse('255.0.255.0').success).toBe(false);
  });
});

describe('subnets', () => {
  it('tells whether two addresses share a subnet', () => {
    expect(isSameSubnet('192.168.1.10', '192.168.1.1', '255.255.255.0')).toBe(true);
    expect(isSameSubnet('192.168.1.10', '192.168.2.1', '255.255.255.0')).toBe(false);
    expect(isSameSubnet('192.168.1.10', '192.168.2.1', '255.255.0.0')).toBe(true);
    // High addresses: the comparison must stay unsigned.
    expect(isSameSubnet('200.1.1.1', '200.1.1.254', '255.255.255.0')).toBe(true);
    expect(isSameSubnet('200.1.1.1', '72.1.1.1', '128.0.0.0')).toBe(false);
    expect(isSameSubnet('192.168.1.10', '192.168.1.1', '255.0.255.0')).toBe(false);
    expect(isSameSubnet('192.168.1.x', '192.168.1.1', '255.255.255.0')).toBe(false);
  });

  it("refuses a subnet's own and broadcast address as a host, except on /31 and /32", () => {
    expect(isHostAddress('192.168.1.1', '255.255.255.0')).toBe(true);
    expect(isHostAddress('192.168.1.254', '255.255.255.0')).toBe(true);
    expect(isHostAddress('192.168.1.0', '255.255.255.0')).toBe(false);
    expect(isHostAddress('192.168.1.255', '255.255.255.0')).toBe(false);
    expect(isHostAddress('10.0.0.4', '255.255.255.252')).toBe(false);
    expect(isHostAddress('10.0.0.5', '255.255.255.252')).toBe(true);
    expect(isHostAddress('10.0.0.0', '255.255.255.254')).toBe(true);
    expect(isHostAddress('10.0.0.0', '255.255.255.255')).toBe(true);
    expect(isHostAddress('10.0.0.1', '255.0.255.0')).toBe(false);
  });

  it('orders addresses numerically', () => {
    expect(compareIPv4('192.168.1.9', '192.168.1.10')).toBeLessThan(0);
    expect(compareIPv4('192.168.2.0', '192.168.1.255')).toBeGreaterThan(0);
    expect(compareIPv4('10.0.0.1', '10.0.0.1')).toBe(0);
  });
});

describe('gateways', () => {
  it('must be a 192.168.x.x address', () => {
    expect(isGateway('192.168.0.1')).toBe(true);
    expect(isGateway('192.168.255.254')).toBe(true);
    expect(isGateway('192.169.0.1')).toBe(false);
    expect(isGateway('10.0.0.1')).toBe(false);
    expect(isGateway('192.168.1')).toBe(false);
    expect(isGateway('192.168.1.256')).toBe(false);
    expect(gatewayAddress.parse(' 192.168.1.1')).toBe('192.168.1.1');
  });
});

describe('integers', () => {
  it('reads numbers and plain digit strings only', () => {
    expect(toInteger(7)).toBe(7);
    expect(toInteger('7')).toBe(7);
    expect(toInteger('0')).toBe(0);
    expect(toInteger(-3)).toBe(-3);
    for (const v of [
      '',
      ' 7',
      '07',
      '7.0',
      '1e3',
      '-1',
      '+1',
      '0x10',
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(toInteger(v), String(v)).toBeNull();
    }
    expect(toInteger('9007199254740993')).toBeNull();
  });

  it('checks positive integers and max clients', () => {
    expect(isPositiveInt(1)).toBe(true);
    expect(isPositiveInt('42')).toBe(true);
    expect(isPositiveInt(0)).toBe(false);
    expect(isPositiveInt(-1)).toBe(false);
    expect(isPositiveInt(2.5)).toBe(false);
    expect(isMaxClientCount('0')).toBe(false);
    expect(isMaxClientCount('1')).toBe(true);
  });

  it('checks ports 0-65535', () => {
    expect(isPort(0)).toBe(true);
    expect(isPort('65535')).toBe(true);
    expect(isPort(65536)).toBe(false);
    expect(isPort(-1)).toBe(false);
    expect(isPort('')).toBe(false);
  });

  it('checks VLAN ids 2-4094', () => {
    expect(isVlanId(1)).toBe(false);
    expect(isVlanId(2)).toBe(true);
    expect(isVlanId('4094')).toBe(true);
    expect(isVlanId(4095)).toBe(false);
  });

  it('outputs numbers from the schemas and refuses empty strings', () => {
    expect(port.parse('8080')).toBe(8080);
    expect(port.parse(0)).toBe(0);
    expect(port.safeParse('').success).toBe(false);
    expect(port.safeParse('70000').success).toBe(false);
    expect(vlanId.parse(' 100 ')).toBe(100);
    expect(vlanId.safeParse(1).success).toBe(false);
    expect(positiveInt.safeParse(0).success).toBe(false);
    expect(maxClientCount.parse('64')).toBe(64);
  });
});

describe('speeds and bandwidth', () => {
  it('parses a number and a unit in any case into bits per second', () => {
    expect(parseSpeed('3M')).toBe(3_000_000);
    expect(parseSpeed('3m')).toBe(3_000_000);
    expect(parseSpeed('512K')).toBe(512_000);
    expect(parseSpeed('1.5g')).toBe(1_500_000_000);
    expect(parseSpeed('2T')).toBe(2_000_000_000_000);
    expect(parseSpeed('0.5k')).toBe(500);
  });

  it('refuses missing units, zero and other shapes', () => {
    for (const v of ['3', 'M', '3MB', '3 M', '-3M', '0M', '0.0k', '03M', '3.M', '3x', '']) {
      expect(parseSpeed(v), v).toBeNull();
      expect(isSpeed(v), v).toBe(false);
    }
  });

  it('takes whole K or M for bandwidth', () => {
    expect(isBandwidth('3M')).toBe(true);
    expect(isBandwidth('512k')).toBe(true);
    expect(isBandwidth('1.5M')).toBe(false);
    expect(isBandwidth('1G')).toBe(false);
    expect(isBandwidth('0K')).toBe(false);
    expect(isBandwidth('M')).toBe(false);
  });

  it('reads a bandwidth limit in whole kbit/s, 1 kbit/s to 10 Gbit/s', () => {
    expect(bandwidthKbps('3M')).toBe(3000);
    expect(bandwidthKbps('512K')).toBe(512);
    expect(bandwidthKbps('1.5g')).toBe(1_500_000);
    expect(bandwidthKbps('10G')).toBe(10_000_000);
    expect(bandwidthKbps('0.01T')).toBe(10_000_000);
    expect(bandwidthKbps('1k')).toBe(1);
    for (const v of ['0.5K', '1.0005M', '11G', '1T', '0K', '3', '3 M', ''])
      expect(bandwidthKbps(v), v).toBeNull();
  });

  it('backs the schemas', () => {
    expect(speed.parse(' 10m ')).toBe('10m');
    expect(speed.safeParse('10').success).toBe(false);
    expect(bandwidth.parse('3M')).toBe('3M');
    expect(bandwidth.safeParse('3G').success).toBe(false);
  });
});

describe('wireless secrets and names', () => {
  it('counts UTF-8 bytes: an SSID holds 32', () => {
    expect(utf8ByteLength('Office')).toBe(6);
    expect(utf8ByteLength('访客')).toBe(6);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('😀')).toBe(4);
  });

  it('takes Wi-Fi passwords of 8-24 visible characters, spaces only inside', () => {
    expect(isWifiPassword(repeat('a', 7))).toBe(false);
    expect(isWifiPassword(repeat('a', 8))).toBe(true);
    expect(isWifiPassword(repeat('a', 24))).toBe(true);
    expect(isWifiPassword(repeat('a', 25))).toBe(false);
    expect(isWifiPassword('pass word')).toBe(true);
    expect(isWifiPassword(' password')).toBe(false);
    expect(isWifiPassword('password ')).toBe(false);
    expect(isWifiPassword('密码密码密码密码')).toBe(false);
    expect(wifiPassword.safeParse('12345678').success).toBe(true);
  });

  it('takes SSID-like names of 4-12 characters within 32 bytes', () => {
    expect(isSsidLike('abc')).toBe(false);
    expect(isSsidLike('abcd')).toBe(true);
    expect(isSsidLike(repeat('a', 12))).toBe(true);
    expect(isSsidLike(repeat('a', 13))).toBe(false);
    expect(isSsidLike('办公室网络')).toBe(true);
    expect(isSsidLike(repeat('网', 10))).toBe(true); // 30 bytes
    expect(isSsidLike(repeat('网', 11))).toBe(false); // 33 bytes
    expect(isSsidLike('my wifi')).toBe(true);
    expect(isSsidLike(' wifi')).toBe(false);
    expect(isSsidLike('wi\tfi')).toBe(false);
    expect(isSsidLike('😀😀😀😀')).toBe(true); // four characters, eight UTF-16 units
    expect(ssidLike.safeParse('ab').success).toBe(false);
  });

  it('takes WEP keys of 5/13 ASCII or 10/26 hex', () => {
    expect(isWepKey('abcde')).toBe(true);
    expect(isWepKey(repeat('z', 13))).toBe(true);
    expect(isWepKey('0123456789')).toBe(true);
    expect(isWepKey(repeat('A', 26))).toBe(true);
    expect(isWepKey('abcd')).toBe(false);
    expect(isWepKey(repeat('z', 10))).toBe(false);
    expect(isWepKey(repeat('z', 26))).toBe(false);
    expect(isWepKey(repeat('a', 14))).toBe(false);
    expect(wepKey.safeParse('abcdef').success).toBe(false);
  });

  it('takes pre-shared keys of 8-63 characters', () => {
    expect(isPresharedKey(repeat('k', 7))).toBe(false);
    expect(isPresharedKey(repeat('k', 8))).toBe(true);
    expect(isPresharedKey(repeat('k', 63))).toBe(true);
    expect(isPresharedKey(repeat('k', 64))).toBe(false);
    expect(isPresharedKey('密钥密钥密钥密钥')).toBe(false);
    expect(presharedKey.safeParse(repeat('k', 8)).success).toBe(true);
  });
});

describe('firmware fields', () => {
  it('takes versions like v2.00.002 up to 15 characters', () => {
    expect(isFirmwareVersion('v2.00.002')).toBe(true);
    expect(isFirmwareVersion('v10.1.0')).toBe(true);
    expect(isFirmwareVersion('v1234.5678.901')).toBe(true); // 14
    expect(isFirmwareVersion('v12345.6789.012')).toBe(true); // 15
    expect(isFirmwareVersion('v123456.7890.12')).toBe(true); // 15
    expect(isFirmwareVersion('v123456.7890.123')).toBe(false); // 16
    for (const v of ['2.00.002', 'V2.00.002', 'v2.00', 'v2.00.002.1', 'v2..002', 'v2.00.002 ', 'va.b.c']) {
      expect(isFirmwareVersion(v), v).toBe(false);
    }
    expect(firmwareVersion.parse(' v2.00.002 ')).toBe('v2.00.002');
    expect(firmwareVersion.safeParse('v123456.7890.123').success).toBe(false);
  });

  it('takes checksums like 0x035a231a', () => {
    expect(isChecksum('0x035a231a')).toBe(true);
    expect(isChecksum('0x035A231A')).toBe(true);
    expect(isChecksum('035a231a')).toBe(false);
    expect(isChecksum('0x035a231')).toBe(false);
    expect(isChecksum('0x035a231a0')).toBe(false);
    expect(isChecksum('0x035a231g')).toBe(false);
    expect(checksum.safeParse('0x12345678').success).toBe(true);
  });

  it('takes MD5 as 32 hex digits', () => {
    expect(isMd5('d41d8cd98f00b204e9800998ecf8427e')).toBe(true);
    expect(isMd5('D41D8CD98F00B204E9800998ECF8427E')).toBe(true);
    expect(isMd5('d41d8cd98f00b204e9800998ecf8427')).toBe(false);
    expect(isMd5('d41d8cd98f00b204e9800998ecf8427e0')).toBe(false);
    expect(isMd5('z41d8cd98f00b204e9800998ecf8427e')).toBe(false);
    expect(md5.safeParse('').success).toBe(false);
  });
});

describe('text', () => {
  it('refuses blank text and edge spaces', () => {
    expect(isCleanText('Office')).toBe(true);
    expect(isCleanText('Main office')).toBe(true);
    expect(isCleanText('')).toBe(false);
    expect(isCleanText('   ')).toBe(false);
    expect(isCleanText(' Office')).toBe(false);
    expect(isCleanText('Office ')).toBe(false);
    expect(isCleanText('Office\n')).toBe(false);
  });

  it('adds a length range in the schema', () => {
    const buildingName = cleanText(2, 16);
    expect(buildingName.safeParse('A').success).toBe(false);
    expect(buildingName.safeParse('AB').success).toBe(true);
    expect(buildingName.safeParse(repeat('B', 16)).success).toBe(true);
    expect(buildingName.safeParse(repeat('B', 17)).success).toBe(false);
    expect(buildingName.safeParse(' AB').success).toBe(false);
    expect(buildingName.safeParse('一号楼').success).toBe(true);
  });

  it('checks e-mail addresses', () => {
    for (const v of ['a@b.co', 'first.last+tag@example.com', 'x_y@mail.example.cn', 'A@B.ORG']) {
      expect(isEmail(v), v).toBe(true);
    }
    for (const v of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@b',
      'a@b.c',
      'a b@example.com',
      '.a@example.com',
      'a..b@example.com',
      'a@-b.com',
      'a@b..com',
      `${repeat('a', 65)}@example.com`,
      `a@${repeat('b', 250)}.com`,
    ]) {
      expect(isEmail(v), v).toBe(false);
    }
    expect(email.parse(' a@b.co ')).toBe('a@b.co');
  });
});

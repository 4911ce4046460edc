import { describe, expect, it } from 'vitest';
import { DeviceType, ErrorCode, configAddBody, type ConfigItem } from '@netconsole/contract';
import {
  initialValues,
  newGroup,
  newPort,
  portProblems,
  problemAt,
  profileProblems,
  rangesText,
  toProfileBody,
  type ProfileFormValues,
} from './profile-form-values.ts';

function valid(): ProfileFormValues {
  const v = initialValues();
  v.Name = 'Lobby';
  v.Groups = [{ ...newGroup(), SSID: 'Lobby-Staff', Key: 'staff-secret-1' }];
  return v;
}

describe('the AP profile form and the contract', () => {
  it('a filled form is a body the server accepts', () => {
    expect(profileProblems(valid())).toEqual([]);
    expect(configAddBody.safeParse(toProfileBody(valid())).success).toBe(true);
  });

  it('puts each refusal on its field with the spec §5 code', () => {
    const v = valid();
    v.Groups.push({ ...newGroup(), SSID: 'Guest', Encryption: 'wep', Key: '1234', VLAN: 1 });
    v.Groups.push({ ...newGroup(), SSID: 'Lobby-Staff', Key: 'short', Bandwidth: { Up: '3X', Down: '' } });
    const problems = profileProblems(v);
    expect(problemAt(problems, ['Groups', 1, 'Key'])).toBe(ErrorCode.WepKeyInvalid);
    expect(problemAt(problems, ['Groups', 1, 'VLAN'])).toBe(ErrorCode.VlanInvalid);
    expect(problemAt(problems, ['Groups', 2, 'Key'])).toBe(ErrorCode.PresharedKeyInvalid);
    expect(problemAt(problems, ['Groups', 2, 'Bandwidth', 'Up'])).toBe(ErrorCode.BandwidthInvalid);
    expect(problemAt(problems, ['Groups', 2, 'SSID'])).toBe(ErrorCode.SsidDuplicated);
    expect(problemAt(problems, ['Groups', 0, 'SSID'])).toBeNull();
  });

  it('checks the address only when it is static, and a cleared number by its field', () => {
    const v = valid();
    v.IP = 'nonsense';
    expect(profileProblems(v)).toEqual([]);
    v.IPMode = 'static';
    v.NetMask = '255.255.255.0';
    v.GateWay = '192.168.1.1';
    v.DNS1 = '192.168.1.1';
    expect(problemAt(profileProblems(v), ['IP'])).toBe(ErrorCode.ConfigIpFormat);
    v.IP = '192.168.1.20';
    v.Groups[0]!.MaxClients = null;
    expect(profileProblems(v)).toEqual([
      { name: ['Groups', 0, 'MaxClients'], code: ErrorCode.MaxClientsInvalid },
    ]);
  });

  it('sends only the radios that are set, and finds a radio issue on its band row', () => {
    const v = valid();
    v.Radios[1] = { ...v.Radios[1]!, Set: true, Channel: 3 };
    expect(toProfileBody(v).Radios).toEqual([
      { Band: '5', Enabled: true, Channel: 3, Width: 80, TxPower: null },
    ]);
    expect(problemAt(profileProblems(v), ['Radios', 1, 'Channel'])).toBe(ErrorCode.RadioInvalid);
  });

  it('edits a stored profile as an update that keeps its administrator; a copy drops it', () => {
    const stored = {
      _id: 'p1',
      Name: 'Office',
      Description: '',
      Type: 2,
      Source: 'settings',
      CycleTime: 30,
      IPMode: 'dhcp',
      IP: null,
      NetMask: null,
      GateWay: null,
      DNS1: null,
      DNS2: null,
      Radios: [{ Band: '2.4', Enabled: true, Channel: 0, Width: 20, TxPower: null }],
      Groups: [
        {
          ...configAddBody.parse({ Name: 'x', Type: 2, Groups: [{ SSID: 'Office', Key: 'office-key-1' }] })
            .Groups[0]!,
          Name: 'Staff group',
        },
      ],
      Ports: [],
      Pppoe: null,
      Lan: null,
      Admin: { Username: 'root', PasswordSet: true },
      Upload: initialValues().Upload,
      File: null,
      Controller: null,
      Revision: 3,
      Tenant: 't',
      CreateTime: 0,
      UpdateTime: 0,
    } as ConfigItem;
    const edit = initialValues(stored);
    expect(profileProblems(edit, stored)).toEqual([]);
    const body = toProfileBody(edit, stored);
    expect(body).toMatchObject({ _id: 'p1', Admin: { Username: 'root' }, Groups: [{ Name: 'Staff group' }] });
    expect(body.Radios).toEqual(stored.Radios);
    const copy = toProfileBody(initialValues(stored, 'Copy of Office'));
    expect(copy).not.toHaveProperty('_id');
    expect(copy).not.toHaveProperty('Admin');
    expect(copy.Name).toBe('Copy of Office');
  });
});

describe('the switch profile form: ports in and out', () => {
  function switchValues(): ProfileFormValues {
    const v = initialValues(undefined, undefined, DeviceType.Switch);
    v.Name = 'Access';
    return v;
  }

  it('sends only the ports the profile sets, with tagged VLANs as typed and PoE left alone unless set', () => {
    const v = switchValues();
    expect(toProfileBody(v)).toMatchObject({ Type: DeviceType.Switch, Ports: [], Groups: [], Radios: [] });
    v.Ports = [
      { ...newPort(3), TaggedVlans: '20, 10 30-32', Poe: { Mode: 'on', Priority: 'high', MaxW: 15 } },
      { ...newPort(24), Description: 'Uplink' },
    ];
    expect(profileProblems(v)).toEqual([]);
    const body = configAddBody.parse(toProfileBody(v));
    expect(body.Ports).toEqual([
      {
        Port: 3,
        Enabled: true,
        Description: '',
        Speed: 'auto',
        Duplex: 'auto',
        PVID: 1,
        TaggedVlans: [20, 10, 30, 31, 32],
        Poe: { Enabled: true, Priority: 'high', MaxW: 15 },
      },
      expect.objectContaining({ Port: 24, Description: 'Uplink', Poe: null }),
    ]);
  });

  it('reads stored ports back as the panel shows them', () => {
    const stored = configAddBody.parse({
      Name: 'Core',
      Type: DeviceType.Switch,
      Ports: [
        { Port: 5, Enabled: false, TaggedVlans: [10, 11, 12, 20] },
        { Port: 2, Poe: { Enabled: false } },
      ],
    });
    const v = initialValues({ ...stored, _id: 's1', Admin: null, Pppoe: null } as unknown as ConfigItem);
    expect(v.Ports.map((p) => p.Port)).toEqual([2, 5]);
    expect(v.Ports[0]!.Poe).toEqual({ Mode: 'off', Priority: 'low', MaxW: null });
    expect(v.Ports[1]).toMatchObject({ Enabled: false, TaggedVlans: '10-12, 20', Poe: { Mode: 'keep' } });
    expect(rangesText([1, 2, 3, 4, 24])).toBe('1-4, 24');
  });

  it('puts a port refusal on the port editor field with its code', () => {
    expect(problemAt(portProblems({ ...newPort(3), PVID: 5000 }), ['PVID'])).toBe(ErrorCode.VlanInvalid);
    expect(problemAt(portProblems({ ...newPort(3), PVID: null }), ['PVID'])).toBe(ErrorCode.VlanInvalid);
    expect(problemAt(portProblems({ ...newPort(3), TaggedVlans: '10, x' }), ['TaggedVlans'])).toBe(
      ErrorCode.VlanInvalid,
    );
    expect(problemAt(portProblems({ ...newPort(3), TaggedVlans: '1' }), ['TaggedVlans'])).toBe(
      ErrorCode.VlanInvalid,
    );
    expect(
      problemAt(portProblems({ ...newPort(3), Poe: { Mode: 'on', Priority: 'low', MaxW: 150 } }), [
        'Poe',
        'MaxW',
      ]),
    ).toBe(ErrorCode.PoeSettingsInvalid);
    expect(problemAt(portProblems({ ...newPort(3), Speed: 1000, Duplex: 'half' }), ['Duplex'])).toBe(
      ErrorCode.PortSettingsInvalid,
    );
    const v = switchValues();
    v.Ports = [{ ...newPort(3), TaggedVlans: '10, x' }];
    expect(profileProblems(v)).toEqual([{ name: ['Ports', 0, 'TaggedVlans'], code: ErrorCode.VlanInvalid }]);
  });
});

describe('the router profile form', () => {
  function routerValues(): ProfileFormValues {
    const v = initialValues(undefined, undefined, DeviceType.Router);
    v.Name = 'Branch';
    return v;
  }

  it('sends PPPoE only in PPPoE mode, and the LAN it sets', () => {
    const v = routerValues();
    expect(profileProblems(v)).toEqual([]);
    expect(toProfileBody(v)).toMatchObject({ IPMode: 'dhcp', Pppoe: null, Lan: { IP: '192.168.1.1' } });
    v.IPMode = 'pppoe';
    v.Pppoe = { Username: 'user@isp', Password: '' };
    expect(problemAt(profileProblems(v), ['Pppoe', 'Password'])).toBe(ErrorCode.PppoeInvalid);
    v.Pppoe.Password = 'secret-1';
    v.Lan.Set = false;
    expect(profileProblems(v)).toEqual([]);
    expect(toProfileBody(v)).toMatchObject({
      IPMode: 'pppoe',
      Pppoe: { Username: 'user@isp', Password: 'secret-1' },
      Lan: null,
      Ports: [],
    });
  });

  it('checks the LAN and the DHCP range by their fields', () => {
    const v = routerValues();
    v.Lan.DhcpStart = '192.168.2.10';
    v.Lan.NetMask = '255.255.255.0';
    expect(problemAt(profileProblems(v), ['Lan', 'DhcpStart'])).toBe(ErrorCode.LanInvalid);
    v.Lan.DhcpEnabled = false;
    expect(profileProblems(v)).toEqual([]);
  });

  it('keeps a stored PPPoE password when left empty, and asks for one a copy cannot carry', () => {
    const stored = {
      ...configAddBody.parse({
        Name: 'Branch',
        Type: DeviceType.Router,
        IPMode: 'pppoe',
        Pppoe: { Username: 'u@isp', Password: 'pw-1234' },
      }),
      _id: 'r1',
      Pppoe: { Username: 'u@isp', PasswordSet: true },
      Admin: null,
    } as unknown as ConfigItem;
    const edit = initialValues(stored);
    expect(profileProblems(edit, stored)).toEqual([]);
    expect(toProfileBody(edit, stored).Pppoe).toEqual({ Username: 'u@isp' });
    const copy = initialValues(stored, 'Copy of Branch');
    expect(problemAt(profileProblems(copy), ['Pppoe', 'Password'])).toBe(ErrorCode.PppoeInvalid);
  });

  it('a file profile sends the file and no settings section', () => {
    const v = routerValues();
    v.Source = 'file';
    v.IPMode = 'pppoe';
    expect(problemAt(profileProblems(v), ['File'])).toBe(ErrorCode.ConfigFileError);
    v.File = { Path: 'https://files.example/r.tar', MD5: 'a'.repeat(32), Size: 10, Format: 'uci_tar' };
    expect(profileProblems(v)).toEqual([]);
    const body = toProfileBody(v);
    expect(body).toMatchObject({ Source: 'file', File: v.File });
    expect(body).not.toHaveProperty('Pppoe');
    expect(body).not.toHaveProperty('Lan');
  });
});

import { describe, expect, it } from 'vitest';
import { ErrorCode, configAddBody, type ConfigItem } from '@netconsole/contract';
import {
  initialValues,
  newGroup,
  problemAt,
  profileProblems,
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

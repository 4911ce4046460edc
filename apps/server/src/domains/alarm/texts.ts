/**
 * What an alarm says, in English and Chinese: kept with the alarm when raised (so a later rename
 * does not rewrite history) and sent with `alarm.raised` for the notifications.
 */
import { AlarmType, alarmTypeLabels, type Label } from '@netconsole/contract';

export interface TextContext {
  /** The device's name (its alias, else its SN), or the network's for a network's alarm. */
  device: string;
  network: string;
  /** A port ("port 5"), a WAN, tunnel or pool name; '' for the device as a whole. */
  subject: string;
  value?: number | undefined;
  threshold?: number | undefined;
  /** Custom and limit alarms: their own name and the unit of their figure. */
  name?: string | undefined;
  unit?: string | undefined;
  compare?: 'gt' | 'lt' | undefined;
}

type Text = { en: string; zh: string };

const num = (v: number | undefined) => (v === undefined ? '?' : String(Math.round(v * 10) / 10));
const on = (c: TextContext): Text =>
  c.subject
    ? { en: ` on ${c.subject}`, zh: `（${c.subject.replace(/^port /, '端口 ')}）` }
    : { en: '', zh: '' };

function over(c: TextContext, what: Label, unit: string): Text {
  const o = on(c);
  return {
    en: `${what.en} of ${c.device}${o.en} is ${num(c.value)} ${unit} (threshold ${num(c.threshold)} ${unit})`,
    zh: `${c.device}${o.zh} 的${what.zh}为 ${num(c.value)} ${unit}（阈值 ${num(c.threshold)} ${unit}）`,
  };
}

function condition(c: TextContext, en: string, zh: string): Text {
  const o = on(c);
  return { en: `${c.device}${o.en}: ${en}`, zh: `${c.device}${o.zh}：${zh}` };
}

/** The text of a built-in type's alarm. */
export function alarmText(type: AlarmType, c: TextContext): Text {
  const label = alarmTypeLabels[type];
  switch (type) {
    case AlarmType.DeviceOffline:
      return {
        en: `${c.device} in network ${c.network} is offline`,
        zh: `网络 ${c.network} 中的 ${c.device} 已离线`,
      };
    case AlarmType.AllDevicesOffline:
      return {
        en: `Every device of network ${c.network} is offline`,
        zh: `网络 ${c.network} 的所有设备均已离线`,
      };
    case AlarmType.Cpu:
    case AlarmType.Memory:
    case AlarmType.PacketLoss:
      return over(c, label, '%');
    case AlarmType.PortUpRate:
    case AlarmType.PortDownRate:
    case AlarmType.GatewayUpRate:
    case AlarmType.GatewayDownRate:
      return over(c, label, 'KB/s');
    case AlarmType.TxTraffic:
    case AlarmType.RxTraffic:
      return over(c, label, 'KB/min');
    case AlarmType.SwitchLoop:
      return condition(c, 'switch loop detected', '检测到交换机环路');
    case AlarmType.TopologyChange:
      return {
        en: `The topology around ${c.device} in network ${c.network} changed`,
        zh: `网络 ${c.network} 中 ${c.device} 周围的拓扑发生变化`,
      };
    case AlarmType.Poe:
      return condition(c, 'PoE power fault or budget exceeded', 'PoE 供电故障或超出预算');
    case AlarmType.NetworkLoop:
      return condition(c, 'network loop detected', '检测到网络环路');
    case AlarmType.DhcpServer:
      return condition(c, 'a rogue DHCP server answers', '发现非法 DHCP 服务器');
    case AlarmType.Link:
      return condition(c, 'link lost', '链路断开');
    case AlarmType.Pppoe:
      return condition(c, 'PPPoE session down', 'PPPoE 会话断开');
    case AlarmType.Vpn:
      return condition(c, 'VPN tunnel down', 'VPN 隧道断开');
    case AlarmType.DhcpPool:
      return condition(c, `DHCP pool ${num(c.value)} % used`, `DHCP 地址池已使用 ${num(c.value)} %`);
    case AlarmType.PortLinkDownUp:
      return condition(c, 'link went down and came back up', '链路断开后恢复');
  }
}

/** A custom or limit alarm's text: its name, the figure and its bound. */
export function ruleText(c: TextContext): Text {
  const unit = c.unit ? ` ${c.unit}` : '';
  const cmp = c.compare === 'lt' ? { en: 'below', zh: '低于' } : { en: 'above', zh: '高于' };
  return {
    en: `${c.name ?? ''}: ${c.device} at ${num(c.value)}${unit}, ${cmp.en} ${num(c.threshold)}${unit}`,
    zh: `${c.name ?? ''}：${c.device} 为 ${num(c.value)}${unit}，${cmp.zh} ${num(c.threshold)}${unit}`,
  };
}

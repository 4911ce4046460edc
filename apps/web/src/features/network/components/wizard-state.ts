/**
 * The add-network wizard's choices and where they lead (spec §2, §4), kept apart from the dialogs
 * so the rules are tested on their own.
 */
import { DeviceType, type AddDevToNetBody } from '@netconsole/contract';

export type DeviceKind = 'gateway' | 'switch' | 'ap';
export const DEVICE_KINDS: readonly DeviceKind[] = ['gateway', 'switch', 'ap'];
/** The type selector's kinds as device types: the gateway is the router. */
export const KIND_TYPE: Readonly<Record<DeviceKind, number>> = {
  gateway: DeviceType.Router,
  switch: DeviceType.Switch,
  ap: DeviceType.AP,
};

export interface ChosenDevice {
  _id: string;
  SN: string;
  Alias: string;
}

export interface Chosen {
  gateway: ChosenDevice | null;
  switches: ChosenDevice[];
  aps: ChosenDevice[];
}

export const NOTHING_CHOSEN: Chosen = { gateway: null, switches: [], aps: [] };

export function chosenIds(chosen: Chosen, kind: DeviceKind): string[] {
  if (kind === 'gateway') return chosen.gateway ? [chosen.gateway._id] : [];
  return (kind === 'switch' ? chosen.switches : chosen.aps).map((d) => d._id);
}

function withList(chosen: Chosen, kind: 'switch' | 'ap', list: ChosenDevice[]): Chosen {
  return kind === 'switch' ? { ...chosen, switches: list } : { ...chosen, aps: list };
}

/** A click on a device: the gateway is single (clicking it again deselects), the others multi. */
export function toggle(chosen: Chosen, kind: DeviceKind, device: ChosenDevice): Chosen {
  if (kind === 'gateway') {
    return { ...chosen, gateway: chosen.gateway?._id === device._id ? null : device };
  }
  const list = kind === 'switch' ? chosen.switches : chosen.aps;
  const next = list.some((d) => d._id === device._id)
    ? list.filter((d) => d._id !== device._id)
    : [...list, device];
  return withList(chosen, kind, next);
}

/**
 * Select-all over the devices listed: all of them, or none when all were chosen already. The
 * gateway is single: select-all there is refused (the select-type warning).
 */
export function selectAll(chosen: Chosen, kind: DeviceKind, devices: ChosenDevice[]): Chosen | 'select-type' {
  if (kind === 'gateway') return 'select-type';
  const list = kind === 'switch' ? chosen.switches : chosen.aps;
  const ids = new Set(list.map((d) => d._id));
  if (devices.length > 0 && devices.every((d) => ids.has(d._id))) {
    const drop = new Set(devices.map((d) => d._id));
    return withList(
      chosen,
      kind,
      list.filter((d) => !drop.has(d._id)),
    );
  }
  return withList(chosen, kind, [...list, ...devices.filter((d) => !ids.has(d._id))]);
}

/**
 * What the second dialog's button does (spec §4): with a gateway, finish (it is the main device);
 * with switches but no gateway, go on to choose the main switch; with nothing, finish after the
 * 'cannot topology view' confirmation; APs alone cannot be added (a main device comes first).
 */
export type NextStep = 'finish' | 'choose-main' | 'confirm-empty' | 'main-required';

export function nextStep(chosen: Chosen): NextStep {
  if (chosen.gateway) return 'finish';
  if (chosen.switches.length > 0) return 'choose-main';
  if (chosen.aps.length > 0) return 'main-required';
  return 'confirm-empty';
}

/** The main device: the gateway, else the switch chosen in step 3. */
export function mainOf(chosen: Chosen, mainSwitch: string | null): ChosenDevice | null {
  if (chosen.gateway) return chosen.gateway;
  return chosen.switches.find((d) => d._id === mainSwitch) ?? null;
}

export function addDevicesBody(
  networkId: string,
  chosen: Chosen,
  mainSwitch: string | null,
): AddDevToNetBody {
  const main = mainOf(chosen, mainSwitch);
  return {
    _id: networkId,
    gateWayList: chosen.gateway ? [chosen.gateway._id] : [],
    mainList: main ? [main._id] : [],
    switchList: chosen.switches.map((d) => d._id),
    apList: chosen.aps.map((d) => d._id),
  };
}

/** The reset after adding (spec §7: body SN, devices list of SNs): the main device's SN first. */
export function resetBody(
  chosen: Chosen,
  mainSwitch: string | null,
): { SN: string; devices: string[] } | null {
  const all = [...(chosen.gateway ? [chosen.gateway] : []), ...chosen.switches, ...chosen.aps];
  if (all.length === 0) return null;
  const main = mainOf(chosen, mainSwitch) ?? all[0]!;
  return { SN: main.SN, devices: all.map((d) => d.SN) };
}

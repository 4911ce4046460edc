import {
  TERMINAL_COMMAND_STATUSES,
  type CommandDelivery,
  type CommandItem,
  type CommandStatus,
  type DeviceCommand,
  type DeviceItem,
  type ListReply,
  type LiveDeviceData,
} from '@netconsole/contract';

/**
 * A row takes what a live `device` message says of it (every field the message carries); a list
 * without that device stays the same object, so nothing re-renders.
 */
export function patchDeviceList(
  reply: ListReply<DeviceItem> | undefined,
  data: LiveDeviceData,
): ListReply<DeviceItem> | undefined {
  if (!reply?.list.some((row) => row._id === data._id)) return reply;
  const { Event: _event, ...fields } = data;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return {
    ...reply,
    list: reply.list.map((row) => (row._id === data._id ? { ...row, ...defined } : row)),
  };
}

/** Registry news (a device registered, removed, renamed) changes which rows a page holds. */
export function changesMembership(data: LiveDeviceData): boolean {
  return data.Event === 'registered' || data.Event === 'unregistered' || data.Event === 'updated';
}

/** A reboot or reset this page sent, and what has become of it. */
export interface TrackedCommand {
  commandId: string;
  /** The device's alias or SN, for the outcome's message. */
  name: string;
  command: DeviceCommand;
  /** How it left the server, then what the device reported (or the server concluded). */
  status: CommandStatus | 'failed_to_send';
  code: string | null;
  detail: string | null;
}

export function trackedOf(
  command: DeviceCommand,
  name: string,
  commandId: string,
  delivery: CommandDelivery,
): TrackedCommand {
  const status = delivery === 'failed' ? 'failed_to_send' : delivery;
  return { commandId, name, command, status, code: null, detail: null };
}

/** The command takes a later report of itself; reports of other commands change nothing. */
export function withReport(tracked: TrackedCommand, report: CommandItem): TrackedCommand {
  if (report._id !== tracked.commandId || report.Status === tracked.status) return tracked;
  return { ...tracked, status: report.Status, code: report.Code, detail: report.Detail };
}

export function isOpen(tracked: TrackedCommand): boolean {
  return tracked.status !== 'failed_to_send' && !TERMINAL_COMMAND_STATUSES.includes(tracked.status);
}

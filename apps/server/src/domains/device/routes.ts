import {
  addDeviceBody,
  changeAcBody,
  changeAcReply,
  commandDeliveryText,
  commandList,
  deviceAllReply,
  deviceControlBody,
  deviceControlReply,
  deviceCountQuery,
  deviceCountReply,
  DEVICE_FILTER_CODES,
  deviceFilterQuery,
  deviceItem,
  deviceList,
  deviceListQuery,
  deviceRealtimeQuery,
  deviceRealtimeReply,
  deviceRefBody,
  deviceTypeReply,
  issuedInfoQuery,
  updateDeviceBody,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { CommandService } from './commands.ts';
import type { ControllerService } from './controller.ts';
import type { DeviceService } from './service.ts';

/** Any signed-in account: a tenant's users see the tenant's devices, the administrator every device. */
const auth: AuthRule = {};

export function deviceRoutes(
  app: App,
  devices: DeviceService,
  commands: CommandService,
  controller: ControllerService,
): void {
  const tags = ['device'];
  app.get(
    '/v1/device/list',
    {
      schema: {
        tags,
        summary: 'Devices, paged: filter by Parent, Status, Type; search alias, SN or MAC',
        querystring: deviceListQuery,
        response: replies({ 200: deviceList }),
      },
      config: { auth, fieldCodes: DEVICE_FILTER_CODES },
    },
    (req) => devices.list(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/device/searchDevices',
    {
      schema: {
        tags,
        summary: 'Device picker: search alias, SN or MAC; Parent may be a network, null, or both',
        querystring: deviceListQuery,
        response: replies({ 200: deviceList }),
      },
      config: { auth, fieldCodes: DEVICE_FILTER_CODES },
    },
    (req) => devices.list(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/device/getAll',
    {
      schema: {
        tags,
        summary: 'Every device of the filters, unpaged (at most 10 000)',
        querystring: deviceFilterQuery,
        response: replies({ 200: deviceAllReply }),
      },
      config: { auth, fieldCodes: DEVICE_FILTER_CODES },
    },
    (req) => devices.all(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/device/getAllDevices',
    {
      schema: {
        tags,
        summary: 'Realtime view: onlineStatus and datas (IP, rates, up time, DNS, gateway, mask) per device',
        querystring: deviceRealtimeQuery,
        response: replies({ 200: deviceRealtimeReply }),
      },
      config: { auth, fieldCodes: DEVICE_FILTER_CODES },
    },
    (req) => devices.realtime(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/device/getDevType',
    {
      schema: {
        tags,
        summary: 'Devices and online devices per type',
        querystring: deviceFilterQuery,
        response: replies({ 200: deviceTypeReply }),
      },
      config: { auth, fieldCodes: DEVICE_FILTER_CODES },
    },
    (req) => devices.types(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/device/getAllCount',
    {
      schema: {
        tags,
        summary: 'Totals: devices, online, offline, unusable, registered, trusted',
        querystring: deviceCountQuery,
        response: replies({ 200: deviceCountReply }),
      },
      config: { auth },
    },
    (req) => devices.counts(scopeOf(principalOf(req)), req.query),
  );
  app.post(
    '/v1/device/add',
    {
      schema: {
        tags,
        summary: "Register a device to the caller's tenant by SN and MAC",
        body: addDeviceBody,
        response: replies({ 200: deviceItem }),
      },
      config: { auth },
    },
    (req) => devices.add(scopeOf(principalOf(req)), req.body),
  );
  app.put(
    '/v1/device/update',
    {
      schema: {
        tags,
        summary: "Change a device's alias",
        body: updateDeviceBody,
        response: replies({ 200: deviceItem }),
      },
      config: { auth },
    },
    (req) => devices.update(scopeOf(principalOf(req)), req.body),
  );
  app.put(
    '/v1/device/unregister',
    {
      schema: {
        tags,
        summary: "Remove a device's registration (its open commands are cancelled)",
        body: deviceRefBody,
        response: replies({ 200: deviceItem }),
      },
      config: { auth },
    },
    (req) => devices.unregister(scopeOf(principalOf(req)), req.body),
  );
  app.get(
    '/v1/device/deviceIssuedinfo',
    {
      schema: {
        tags,
        summary: "Commands issued to a device (or to all the caller's devices) and what the device reported",
        querystring: issuedInfoQuery,
        response: replies({ 200: commandList }),
      },
      config: { auth },
    },
    (req) => commands.history(scopeOf(principalOf(req)), req.query),
  );

  app.post(
    '/v1/device/testchangeacregister',
    {
      schema: {
        tags,
        summary:
          'Move a connected AP (SN) to the AC with SN AC of its tenant and network; AC null or blank: standalone',
        body: changeAcBody,
        response: replies({ 200: changeAcReply }),
      },
      config: { auth },
    },
    async (req) => {
      const principal = principalOf(req);
      const c = await controller.change(scopeOf(principal), principal.userId, req.body);
      return {
        _id: c.ap.id,
        SN: c.ap.sn,
        AC: c.acSn,
        Command: 'set_controller' as const,
        CommandId: c.commandId,
        Delivery: c.delivery,
        Message: commandDeliveryText(c.delivery, requestLang(req)),
      };
    },
  );

  app.post(
    '/v1/controller/deviceContrl',
    {
      schema: {
        tags: ['controller'],
        summary: 'Reboot or reset devices: sent at once when connected, else held until they reconnect',
        body: deviceControlBody,
        response: replies({ 200: deviceControlReply }),
      },
      config: { auth },
    },
    async (req) => {
      const principal = principalOf(req);
      const issued = await commands.issue(scopeOf(principal), principal.userId, req.body);
      const lang = requestLang(req);
      return {
        list: issued.map((c) => ({
          _id: c.deviceId,
          SN: c.sn,
          Command: c.command,
          CommandId: c.commandId,
          Delivery: c.delivery,
          Message: commandDeliveryText(c.delivery, lang),
        })),
      };
    },
  );
}

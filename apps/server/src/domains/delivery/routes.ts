import {
  deliveryDeviceList,
  deliveryDevicesQuery,
  deliveryList,
  deliveryListQuery,
  deliveryRefBody,
  deliveryReply,
  deviceDeliveriesQuery,
  firmwareDeliveryListQuery,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { DeliveryEngine } from './engine.ts';
import type { IssuedReads } from './issued.ts';

/** Every signed-in account (spec §6: the delivery screens need no extra role). */
const auth: AuthRule = {};

export function deliveryRoutes(app: App, issued: IssuedReads, engine: DeliveryEngine): void {
  const tags = ['delivery'];
  app.get(
    '/v1/issued/config',
    {
      schema: {
        tags,
        summary: 'Configuration deliveries with their progress, newest first',
        querystring: deliveryListQuery,
        response: replies({ 200: deliveryList }),
      },
      config: { auth },
    },
    (req) => issued.deliveries(scopeOf(principalOf(req)), 'config', req.query),
  );
  app.get(
    '/v1/issued/fw',
    {
      schema: {
        tags,
        summary: 'Firmware upgrades with their progress, newest first',
        querystring: firmwareDeliveryListQuery,
        response: replies({ 200: deliveryList }),
      },
      config: { auth },
    },
    (req) => issued.deliveries(scopeOf(principalOf(req)), 'firmware', req.query),
  );
  app.get(
    '/v1/issued/device',
    {
      schema: {
        tags,
        summary: 'The devices of one delivery, each with the status its reports give',
        querystring: deliveryDevicesQuery,
        response: replies({ 200: deliveryDeviceList }),
      },
      config: { auth },
    },
    (req) => issued.devicesOf(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/issued/devicelist',
    {
      schema: {
        tags,
        summary: 'The deliveries one device received (by Device or SN), newest first',
        querystring: deviceDeliveriesQuery,
        response: replies({ 200: deliveryDeviceList }),
      },
      config: { auth },
    },
    (req) => issued.ofDevice(scopeOf(principalOf(req)), req.query),
  );
  // docs/api-extensions.tsv: issue 15 asks for cancel; the specification names no call for it.
  app.post(
    '/v1/issued/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancel a delivery: devices not started are not sent it, running ones get the protocol cancel',
        body: deliveryRefBody,
        response: replies({ 200: deliveryReply }),
      },
      config: { auth },
    },
    async (req) => {
      const principal = principalOf(req);
      const scope = scopeOf(principal);
      // 14048 for a delivery the caller cannot see, 14049 for one already ended (the engine's).
      const c = await engine.cancel(scope, principal.userId, req.body._id);
      return { list: await issued.delivery(scope, c.id) };
    },
  );
}

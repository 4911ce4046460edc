import {
  apConfigReply,
  brokerUrlReply,
  cpuChartReply,
  devModeListReply,
  devModeQuery,
  devModeReply,
  flowChartReply,
  hourCountReply,
  portInfoReply,
  powerChartReply,
  rateChartReply,
  speedReply,
  telemetryChartQuery,
  telemetryCountQuery,
  telemetryDeviceQuery,
  telemetryFleetQuery,
  temperatureChartReply,
  usageReply,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { TelemetryService } from './service.ts';

/** Any signed-in account: a tenant's users see the tenant's devices, the administrator every device. */
const auth: AuthRule = {};
const tags = ['device'];

export function telemetryRoutes(app: App, telemetry: TelemetryService): void {
  const chart = {
    '/v1/device/getcpu': ['CPU and memory use, % (average and peak per bucket)', cpuChartReply, 'cpu'],
    '/v1/device/getDeviceRate': [
      'Uplink TxRate/RxRate, bytes/s (average and peak per bucket)',
      rateChartReply,
      'rate',
    ],
    '/v1/device/getDeviceTotalFlow': ['Rx/Tx bytes per bucket and over the range', flowChartReply, 'flow'],
    '/v1/device/getDeviceThermometer': ['Board temperature, °C', temperatureChartReply, 'temperature'],
    '/v1/device/getDevicePower': ['PoE PowerBudget and PowerDelivered, W', powerChartReply, 'power'],
    '/v1/device/getspeed': [
      'Uplink rates now, and their average and peak over the range',
      speedReply,
      'speed',
    ],
  } as const;
  for (const [url, [summary, reply, method]] of Object.entries(chart)) {
    app.get(
      url,
      {
        schema: { tags, summary, querystring: telemetryChartQuery, response: replies({ 200: reply }) },
        config: { auth },
      },
      (req) => telemetry[method](scopeOf(principalOf(req)), req.query),
    );
  }

  const latest = {
    '/v1/device/getDeviceUsage': [
      'The last gauges: CPU, memory, temperature, clients, PoE, up time',
      usageReply,
      'usage',
    ],
    '/v1/device/getPortInfo': [
      'The port table as last reported (switch front panel)',
      portInfoReply,
      'portInfo',
    ],
    '/v1/device/getapconfig': ["An AP's radios and addressing as last reported", apConfigReply, 'apConfig'],
  } as const;
  for (const [url, [summary, reply, method]] of Object.entries(latest)) {
    app.get(
      url,
      {
        schema: { tags, summary, querystring: telemetryDeviceQuery, response: replies({ 200: reply }) },
        config: { auth },
      },
      (req) => telemetry[method](scopeOf(principalOf(req)), req.query),
    );
  }

  app.get(
    '/v1/device/reapcount',
    {
      schema: {
        tags,
        summary: 'Access points online per hour (24 buckets; a week or month day shows its busiest hour)',
        querystring: telemetryFleetQuery,
        response: replies({ 200: hourCountReply }),
      },
      config: { auth },
    },
    (req) => telemetry.apCount(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/device/reclcount',
    {
      schema: {
        tags,
        summary: 'Clients per hour (Time, HourNumber) over the fleet, or of one device by _id or SN',
        querystring: telemetryCountQuery,
        response: replies({ 200: hourCountReply }),
      },
      config: { auth },
    },
    (req) => telemetry.clientCount(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/device/getDevMode',
    {
      schema: {
        tags,
        summary: 'Device models in use, with totals and online counts',
        querystring: devModeQuery,
        response: replies({ 200: devModeReply }),
      },
      config: { auth },
    },
    (req) => telemetry.models(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/device/getDevModeList',
    {
      schema: {
        tags,
        summary: 'The device model choices A1-C3 and their types',
        querystring: devModeQuery,
        response: replies({ 200: devModeListReply }),
      },
      config: { auth },
    },
    (req) => telemetry.modelList(req.query),
  );
  app.get(
    '/v1/device/getBroURL',
    {
      schema: {
        tags,
        summary: "The MQTT broker's addresses (never with credentials)",
        response: replies({ 200: brokerUrlReply }),
      },
      config: { auth },
    },
    () => telemetry.brokerUrls(),
  );
}

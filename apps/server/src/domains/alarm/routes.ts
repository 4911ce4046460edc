/**
 * The alarm calls (spec §7 ALARMS, LIMIT ALARM; the list and treating are extensions,
 * docs/api-extensions.tsv). Every settings change is audited with log code 100; treating alarms
 * with 150 (another change).
 */
import type { FastifyRequest } from 'fastify';
import {
  addLimitAlarmBody,
  alarmByNetworkQuery,
  alarmByNetworkReply,
  alarmIssueCode,
  alarmList,
  alarmListQuery,
  alarmSettingsChangeReply,
  alarmSettingsQuery,
  alarmSettingsReply,
  changeAlarmBody,
  changeCustomAlarmBody,
  copyAlarmSettingsBody,
  copyAlarmSettingsReply,
  customAlarmBody,
  customAlarmReply,
  delCustomAlarmBody,
  handleAlarmBody,
  handleAlarmReply,
  limitAlarmList,
  limitAlarmListQuery,
  limitAlarmReply,
  networkDataQuery,
  networkDataReply,
  updateLimitAlarmBody,
  updateNetworkAlarmBody,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { AlarmService } from './alarms.ts';
import type { AlarmSettings } from './settings.ts';

// /log/alarm needs role user (routes.tsv); every signed-in account has it.
const auth: AuthRule = {};
const tags = ['alarm'];

/** The network a settings call acts on, for the audit log. */
const networkOf = (req: FastifyRequest) => {
  const b = req.body as { _id?: string; Network?: string } | undefined;
  return b?.Network ?? b?._id ?? null;
};
const settingsChange = { auth, issueCode: alarmIssueCode, audit: { code: 100, object: networkOf } };

function who(req: FastifyRequest) {
  const p = principalOf(req);
  return { p, scope: scopeOf(p) };
}

export function alarmRoutes(app: App, settings: AlarmSettings, alarms: AlarmService): void {
  app.get(
    '/v1/alarm/get',
    {
      schema: {
        tags,
        summary: "A network's alarm settings: the first item holds its custom alarms and the 21 types",
        querystring: alarmSettingsQuery,
        response: replies({ 200: alarmSettingsReply }),
      },
      config: { auth },
    },
    async (req) => ({ list: [await settings.get(who(req).scope, req.query._id, requestLang(req))] }),
  );
  app.get(
    '/v1/alarm/networkdata',
    {
      schema: {
        tags,
        summary: 'The networks with their alarm summary (settings saved, types enabled, open alarms)',
        querystring: networkDataQuery,
        response: replies({ 200: networkDataReply }),
      },
      config: { auth },
    },
    (req) => alarms.networkData(who(req).scope, req.query),
  );
  app.get(
    '/v1/alarm/getAlarmByNetwork',
    {
      schema: {
        tags,
        summary: 'Open alarms by level per network, and the open alarms of one network (`_id`)',
        querystring: alarmByNetworkQuery,
        response: replies({ 200: alarmByNetworkReply }),
      },
      config: { auth },
    },
    (req) => alarms.byNetwork(who(req).scope, req.query),
  );
  app.post(
    '/v1/alarm/changeAlarm',
    {
      schema: {
        tags,
        summary: "One alarm type's settings of a network",
        body: changeAlarmBody,
        response: replies({ 200: alarmSettingsChangeReply }),
      },
      config: settingsChange,
    },
    async (req) => {
      const { p, scope } = who(req);
      return { list: [await settings.change(p, scope, req.body, requestLang(req))] };
    },
  );
  app.post(
    '/v1/alarm/updateNetworkAlarm',
    {
      schema: {
        tags,
        summary: "A network's settings of several (or all 21) types at once",
        body: updateNetworkAlarmBody,
        response: replies({ 200: alarmSettingsChangeReply }),
      },
      config: settingsChange,
    },
    async (req) => {
      const { p, scope } = who(req);
      return { list: [await settings.updateNetwork(p, scope, req.body, requestLang(req))] };
    },
  );
  app.post(
    '/v1/alarm/customAlarm',
    {
      schema: {
        tags,
        summary: 'Adds a custom alarm: a device figure against a threshold',
        body: customAlarmBody,
        response: replies({ 200: customAlarmReply }),
      },
      config: settingsChange,
    },
    async (req) => {
      const { p, scope } = who(req);
      return { list: await settings.addCustom(p, scope, req.body) };
    },
  );
  app.post(
    '/v1/alarm/changeCustomAlarm',
    {
      schema: {
        tags,
        summary: 'Changes a custom alarm',
        body: changeCustomAlarmBody,
        response: replies({ 200: customAlarmReply }),
      },
      config: settingsChange,
    },
    async (req) => {
      const { p, scope } = who(req);
      return { list: await settings.changeCustom(p, scope, req.body) };
    },
  );
  app.post(
    '/v1/alarm/delCustomAlarm',
    {
      schema: {
        tags,
        summary: 'Removes a custom alarm',
        body: delCustomAlarmBody,
        response: replies({ 200: customAlarmReply }),
      },
      config: settingsChange,
    },
    async (req) => ({ list: await settings.removeCustom(who(req).scope, req.body._id) }),
  );
  app.post(
    '/v1/alarm/copyAlarmSettings',
    {
      schema: {
        tags,
        summary: "Copies a network's alarm settings to other networks (all or none)",
        body: copyAlarmSettingsBody,
        response: replies({ 200: copyAlarmSettingsReply }),
      },
      config: settingsChange,
    },
    async (req) => {
      const { p, scope } = who(req);
      return { list: { ok: 1 as const, Copied: await settings.copy(p, scope, req.body) } };
    },
  );
  app.get(
    '/v1/limitalarm/getall',
    {
      schema: {
        tags,
        summary: 'Limit alarms (of one network with `Network`), with their figure now',
        querystring: limitAlarmListQuery,
        response: replies({ 200: limitAlarmList }),
      },
      config: { auth },
    },
    (req) => settings.limits(who(req).scope, req.query),
  );
  app.post(
    '/v1/limitalarm/add',
    {
      schema: {
        tags,
        summary: "Adds a limit alarm: a network's figure against a maximum",
        body: addLimitAlarmBody,
        response: replies({ 200: limitAlarmReply }),
      },
      config: settingsChange,
    },
    async (req) => {
      const { p, scope } = who(req);
      return { list: await settings.addLimit(p, scope, req.body) };
    },
  );
  app.post(
    '/v1/limitalarm/update',
    {
      schema: {
        tags,
        summary: 'Changes a limit alarm, or removes it with `Remove: true` (answering null)',
        body: updateLimitAlarmBody,
        response: replies({ 200: limitAlarmReply }),
      },
      config: settingsChange,
    },
    async (req) => {
      const { p, scope } = who(req);
      return { list: await settings.updateLimit(p, scope, req.body) };
    },
  );
  app.get(
    '/v1/alarm/list',
    {
      schema: {
        tags,
        summary: 'Alarms, newest first (filters: network, device, type, level, status, handling, time, text)',
        querystring: alarmListQuery,
        response: replies({ 200: alarmList }),
      },
      config: { auth },
    },
    (req) => alarms.list(who(req).scope, req.query),
  );
  app.post(
    '/v1/alarm/handle',
    {
      schema: {
        tags,
        summary: 'Marks alarms treated (spec §4), with who and when; all or none',
        body: handleAlarmBody,
        response: replies({ 200: handleAlarmReply }),
      },
      config: {
        auth,
        issueCode: alarmIssueCode,
        audit: { code: 150, object: (req) => `${(req.body as { ids?: string[] }).ids?.length ?? 0} alarms` },
      },
    },
    (req) => {
      const { p, scope } = who(req);
      return alarms.handle(p, scope, req.body.ids);
    },
  );
}

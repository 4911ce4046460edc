/**
 * The audit rules of the routes that existed before the audit log (issue 17): each state-changing
 * route's log code (contract LOG_CODES) and, where the generic reading would miss it, its object. A
 * central table so no other domain's file changes; routes added since carry `config.audit`
 * (platform/http/audit.ts), which wins over this table. `false`: deliberately not logged.
 * audit-coverage.test.ts fails when a state-changing route of the running app has neither.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditRule } from '../../platform/http/audit.ts';

/** Body, path parameter and query fields that name what a call acted on, in order of preference. */
const OBJECT_FIELDS = ['SN', 'Name', 'name', 'Username', 'buildingName', 'MAC', 'mac', '_id', 'id', 'Tenant'];
const OBJECT_MAX = 200;

function fieldOf(source: unknown, key: string): string | null {
  if (!source || typeof source !== 'object') return null;
  const v = (source as Record<string, unknown>)[key];
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/**
 * What a call acted on, read from its parsed body, path parameters and query: the first of
 * OBJECT_FIELDS present. Only these fields are ever read, so a password, token or code never is.
 */
export function defaultObject(req: FastifyRequest): string {
  for (const key of OBJECT_FIELDS) {
    const v = fieldOf(req.params, key) ?? fieldOf(req.body, key) ?? fieldOf(req.query, key);
    if (v !== null) return v.slice(0, OBJECT_MAX);
  }
  return '';
}

/** The object of one named field only. */
const field =
  (...keys: string[]) =>
  (req: FastifyRequest) => {
    for (const key of keys) {
      const v = fieldOf(req.params, key) ?? fieldOf(req.body, key);
      if (v !== null) return v.slice(0, OBJECT_MAX);
    }
    return null;
  };

const rule = (code: number, object?: AuditRule['object']): AuditRule =>
  object ? { code, object } : { code };

/** `METHOD /path` (Fastify's route pattern) → its rule. */
export const AUDIT_MAP: Readonly<Record<string, AuditRule | false>> = {
  // app 1-10: accounts and sessions
  'POST /v1/user/login': rule(1, field('Username')),
  'POST /v1/user/changeOnline': rule(2),
  // The console's activity heartbeat (it pushes the session's expiry): not an action of its own.
  'POST /v1/user/changeOnlineTime': false,
  'POST /v1/user/add': rule(3, field('Username')),
  'POST /v1/user/addteUser': rule(3, field('Username')),
  'PUT /v1/user/update': rule(4),
  'PUT /v1/user/updateUserInfo': rule(4),
  // The display language: a preference, also set without a session from the sign-in page.
  'POST /v1/user/setLan': false,
  'DELETE /v1/user/disabled/:id': rule(5, field('id')),
  'PUT /v1/user/pass': rule(6),
  'POST /v1/user/forgotPwd': rule(6, field('Username')),
  'POST /v1/sms/verifiedForPwd': rule(6),
  'POST /v1/user/updateEmail': rule(7),
  'POST /v1/user/updatePhone': rule(7),
  'POST /v1/user/checkMailCode': rule(8),
  'POST /v1/user/checkPhone': rule(8),
  'POST /v1/sms/send': rule(8),
  'POST /v1/tenant/add': rule(9),
  'PUT /v1/tenant/update': rule(9),
  'DELETE /v1/tenant/disabled/:id': rule(10, field('id')),
  // device 11-24: devices, clients, networks, topology
  'POST /v1/device/add': rule(11),
  'PUT /v1/device/unregister': rule(12),
  'PUT /v1/device/update': rule(13),
  'PUT /v1/device/netlist': rule(14),
  'POST /v1/dashboard/addDevToNet': rule(14),
  'POST /v1/device/testchangeacregister': rule(15),
  'POST /v1/controller/deviceContrl': rule(16),
  'POST /v1/controller/clientCtrl': rule(17),
  'POST /v1/client/updateAlias': rule(18),
  'POST /v1/network/createNet': rule(19),
  'PUT /v1/network/updateNetInfo': rule(20),
  'DELETE /v1/network/delNet': rule(21),
  'DELETE /v1/dashboard/delNetlog': rule(22),
  'POST /v1/controller/resetTopology': rule(23),
  // config 25-31
  'POST /v1/config/add': rule(25),
  'POST /v1/config/add/ac': rule(25),
  'POST /v1/config/add/groups': rule(25),
  'PUT /v1/config/update': rule(26),
  'PUT /v1/config/update/ac': rule(26),
  'DELETE /v1/config/deleteConfig': rule(27),
  'DELETE /v1/config/del/ac/:id': rule(27, field('id')),
  'DELETE /v1/config/del/groups': rule(27),
  'POST /v1/config/newdispatch': rule(28),
  'POST /v1/controller/configemit': rule(28),
  'POST /v1/issued/cancel': rule(29),
  'POST /v1/config/restore': rule(30),
  'POST /v1/config/upload': rule(31),
  // firmware 61-68, app releases
  'POST /v1/fw/add': rule(61),
  'PUT /v1/fw/update': rule(62),
  'POST /v1/fw/remove': rule(63),
  'POST /v1/config/fw/dispatch': rule(64),
  'POST /v1/app/add': rule(65),
  'PUT /v1/app/activate': rule(66),
  // others 150: the console's content, messages, timed tasks
  'POST /v1/user/UpdateOnTime': rule(150),
  'POST /v1/dashboard/uploadLogo': rule(150),
  'PUT /v1/word/wordDetail': rule(150),
  'POST /v1/message/add': rule(150),
  'POST /v1/message/status': rule(150),
  'POST /v1/message/allStatus': rule(150),
  'PUT /v1/message/allDisabled': rule(150),
  'DELETE /v1/message/disabled/:id': rule(150, field('id')),
};

/** A route's rule: its own `config.audit`, else the table's; undefined when it has neither. */
export function auditRuleOf(
  method: string,
  url: string,
  own: AuditRule | false | undefined,
): AuditRule | false | undefined {
  return own !== undefined ? own : AUDIT_MAP[`${method} ${url}`];
}

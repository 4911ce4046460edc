/**
 * Commands (protocol §7): validation in the protocol's order, idempotency by command id, the
 * concurrency table, and each command's stages, reports and effects. Fault rules of the fleet can
 * reject a command or fail it at a stage.
 */
import {
  COMMAND_ID_RE,
  DeviceType,
  compareIPv4,
  decodeDown,
  insideWindow,
  isCommandKind,
  isHostAddress,
  isSameSubnet,
  localMinutes,
} from '@netconsole/contract';
import type { CommandKind, DeviceConfigBody, ParsedDownMessage } from '@netconsole/contract';
import type { SimDevice } from './device.ts';
import { diagnose, serviceCheck } from './diagnosis.ts';
import { download } from './download.ts';
import type { DownloadOutcome } from './download.ts';
import type { FaultRule } from './types.ts';

type Body = Record<string, unknown>;
const round1 = (x: number) => Math.round(x * 10) / 10;
const clip = (text: string) => text.slice(0, 256);

/** A command in progress (kept by the device in `running`, driven here). */
export class Running {
  stage: string | undefined;
  lastProgressAt = 0;
  done = false;
  /** Past the point where `cancel` can stop it. */
  pastNoReturn = false;
  readonly abort = new AbortController();
  constructor(
    readonly id: string,
    readonly cmd: CommandKind,
  ) {}
}

// ---- reports ----

function reject(dev: SimDevice, id: string, cmd: string, code: string, detail?: string): void {
  dev.report(id, cmd, { state: 'rejected', code, ...(detail ? { detail: clip(detail) } : {}) });
}

function start(dev: SimDevice, id: string, cmd: CommandKind): Running {
  const run = new Running(id, cmd);
  dev.running.set(id, run);
  return run;
}

function accept(dev: SimDevice, run: Running): void {
  dev.report(run.id, run.cmd, { state: 'accepted' });
}

/** A progress report, unless one of the same stage went out less than 2 s ago (§7.3 rule 3). */
function progress(dev: SimDevice, run: Running, stage: string, extra: Body = {}): boolean {
  if (run.done) return false;
  const now = Date.now();
  if (stage === run.stage && now - run.lastProgressAt < 2000) return false;
  run.stage = stage;
  run.lastProgressAt = now;
  dev.report(run.id, run.cmd, { state: 'progress', stage, ...extra });
  return true;
}

/** The one terminal report of a command. */
function finish(dev: SimDevice, run: Running, body: Body): void {
  if (run.done) return;
  run.done = true;
  dev.running.delete(run.id);
  dev.report(run.id, run.cmd, body);
}

function fail(dev: SimDevice, run: Running, stage: string | undefined, code: string, detail?: string): void {
  finish(dev, run, {
    state: 'failed',
    ...(stage ? { stage } : {}),
    code,
    ...(detail ? { detail: clip(detail) } : {}),
  });
}

/** The command is recorded "in flash"; its outcome goes out after the next welcome. */
function record(dev: SimDevice, run: Running, body: Body): void {
  run.done = true;
  dev.running.delete(run.id);
  dev.afterWelcome.push({ id: run.id, cmd: run.cmd, body });
}

/** Waits on the shared ticker; false when the command was cancelled or cut off meanwhile. */
function wait(dev: SimDevice, run: Running, ms: number): Promise<boolean> {
  const signal = run.abort.signal;
  if (run.done || signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      dev.ctx.scheduler.cancel(task);
      resolve(false);
    };
    const task = dev.ctx.scheduler.after(ms, () => {
      signal.removeEventListener('abort', onAbort);
      resolve(!run.done && !signal.aborted);
    });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function faultCode(cmd: CommandKind, stage: string, fault: FaultRule): string {
  if (fault.code) return fault.code;
  switch (stage) {
    case 'downloading':
      return 'download_failed';
    case 'verifying':
      return 'md5_mismatch';
    case 'applying':
      return cmd === 'apply_config' ? 'config_apply_failed' : 'flash_failed';
    case 'rebooting':
      return cmd === 'upgrade_firmware' ? 'rolled_back' : 'boot_failed';
    default:
      return 'internal_error';
  }
}

/**
 * The outcome a device keeps for after its restart (it is reported after the next welcome): the
 * injected fault of stage `rebooting`, else success.
 */
function restartOutcome(
  run: Running,
  fault: FaultRule | undefined,
  succeeded: Body = { state: 'succeeded' },
): Body {
  if (fault?.failStage !== 'rebooting') return succeeded;
  return {
    state: 'failed',
    stage: 'rebooting',
    code: faultCode(run.cmd, 'rebooting', fault),
    detail: fault.detail ?? 'injected fault',
  };
}

/** Fails the command when the fault rule names this stage. */
function faultAt(dev: SimDevice, run: Running, stage: string, fault: FaultRule | undefined): boolean {
  if (!fault || fault.failStage !== stage) return false;
  fail(dev, run, stage, faultCode(run.cmd, stage, fault), fault.detail ?? 'injected fault');
  return true;
}

// ---- concurrency (§7.5) ----

function runningOf(dev: SimDevice, cmd: CommandKind): Running | undefined {
  for (const r of dev.running.values()) if (r.cmd === cmd && !r.done) return r;
  return undefined;
}

/** An upgrade or configuration is at `applying` or `rebooting`. */
function pastNoReturn(dev: SimDevice): Running | undefined {
  for (const r of dev.running.values())
    if ((r.cmd === 'upgrade_firmware' || r.cmd === 'apply_config') && r.pastNoReturn && !r.done) return r;
  return undefined;
}

/** Before a restart: what runs and can stop ends `failed interrupted`, reported before going down. */
function interruptForRestart(dev: SimDevice, except: Running): void {
  for (const r of [...dev.running.values()]) {
    if (r === except || r.done) continue;
    if (r.cmd === 'upgrade_firmware' || r.cmd === 'apply_config' || r.cmd === 'run_diagnosis') {
      fail(dev, r, r.stage, 'interrupted', 'the device restarts');
      r.abort.abort();
    }
  }
}

// ---- entry point ----

/** A message on `dev/{sn}/down/{kind}` other than `welcome`. */
export function handleCommand(dev: SimDevice, kind: string, topic: string, payload: Buffer): void {
  const ctx = dev.ctx;
  ctx.counters.commands++;
  let raw: unknown;
  try {
    raw = JSON.parse(payload.toString('utf8'));
  } catch {
    raw = undefined;
  }
  const rawId = raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
  const id = typeof rawId === 'string' && COMMAND_ID_RE.test(rawId) ? rawId : null;
  ctx.emit('command', { sn: dev.sn, id, cmd: kind });
  if (id === null) {
    dev.log(3, 'mgmt', `${kind} command without a readable id dropped`);
    return;
  }
  // §7.4: a known id is not executed again; its last report goes out again.
  if (dev.memory.has(id)) {
    dev.repeatReport(id);
    return;
  }
  if (!isCommandKind(kind)) {
    reject(dev, id, kind, 'unsupported_command', `unknown command ${kind}`);
    return;
  }
  const decoded = decodeDown(topic, payload);
  if (!decoded.ok) {
    const issue = decoded.issues?.[0];
    const detail = issue ? `${issue.path.join('.') || '(message)'}: ${issue.message}` : decoded.reason;
    reject(dev, id, kind, decoded.reason === 'version' ? 'unsupported_version' : 'invalid_payload', detail);
    return;
  }
  if (!dev.capabilities.includes(kind)) {
    reject(dev, id, kind, 'unsupported_command');
    return;
  }
  const msg = decoded.message as ParsedDownMessage<CommandKind>;
  if (msg.expires < Date.now()) {
    reject(dev, id, kind, 'expired');
    return;
  }
  const fault = ctx.takeFault(dev.sn, kind);
  if (fault?.reject) {
    reject(dev, id, kind, fault.reject, fault.detail ?? 'injected fault');
    return;
  }
  const run = (p: Promise<void>) =>
    p.catch((error: Error) => {
      ctx.emit('error', { sn: dev.sn, error });
      const r = dev.running.get(id);
      if (r) fail(dev, r, r.stage, 'internal_error', error.message);
    });
  switch (msg.cmd) {
    case 'reboot':
      return void run(reboot(dev, msg, fault));
    case 'reset':
      return void run(reset(dev, msg, fault));
    case 'kick_client':
      return kick(dev, msg);
    case 'release_client':
      return release(dev, msg);
    case 'apply_config':
      return void run(applyConfig(dev, msg, fault));
    case 'upgrade_firmware':
      return void run(upgrade(dev, msg, fault));
    case 'run_diagnosis':
      return void run(diagnosis(dev, msg, fault));
    case 'cancel':
      return cancel(dev, msg);
    case 'set_telemetry':
      dev.changeTelemetry(msg.telemetry, msg.revertAfterS);
      dev.report(id, kind, { state: 'succeeded' });
      return;
    case 'report_now':
      for (const k of msg.kinds) dev.publishKind(k);
      dev.report(id, kind, { state: 'succeeded' });
      return;
    case 'set_controller':
      // Whether the SN names a reachable AC is the console's business, not the AP's.
      dev.acSn = msg.acSn;
      dev.log(2, 'mgmt', msg.acSn ? `managed by AC ${msg.acSn}` : 'standalone: managed by no AC');
      dev.publishKind('state');
      dev.report(id, kind, { state: 'succeeded' });
      return;
  }
}

// ---- reboot and reset ----

async function reboot(dev: SimDevice, msg: ParsedDownMessage<'reboot'>, fault?: FaultRule): Promise<void> {
  const busy = pastNoReturn(dev);
  if (busy) return reject(dev, msg.id, msg.cmd, 'busy', `${busy.cmd} ${busy.id} is at ${busy.stage}`);
  const run = start(dev, msg.id, 'reboot');
  run.pastNoReturn = true;
  accept(dev, run);
  if (msg.delayS && !(await wait(dev, run, msg.delayS * 1000))) return;
  if (pastNoReturn(dev)) return fail(dev, run, undefined, 'busy', 'an upgrade reached applying meanwhile');
  interruptForRestart(dev, run);
  progress(dev, run, 'rebooting');
  record(dev, run, restartOutcome(run, fault));
  await dev.restart('reboot_command', 'reboot');
}

async function reset(dev: SimDevice, msg: ParsedDownMessage<'reset'>, fault?: FaultRule): Promise<void> {
  const busy = pastNoReturn(dev);
  if (busy) return reject(dev, msg.id, msg.cmd, 'busy', `${busy.cmd} ${busy.id} is at ${busy.stage}`);
  const run = start(dev, msg.id, 'reset');
  run.pastNoReturn = true;
  accept(dev, run);
  interruptForRestart(dev, run);
  progress(dev, run, 'resetting');
  if (!(await wait(dev, run, dev.ctx.timing.resetS * 1000))) return;
  if (faultAt(dev, run, 'resetting', fault)) return;
  progress(dev, run, 'rebooting');
  record(dev, run, restartOutcome(run, fault));
  await dev.restart('reset_command', 'reset', () => dev.factoryReset());
}

// ---- clients ----

function kick(dev: SimDevice, msg: ParsedDownMessage<'kick_client'>): void {
  const now = Date.now();
  const until = now + msg.blockS * 1000;
  const net = dev.net;
  let wasConnected = false;
  switch (dev.type) {
    case DeviceType.Switch:
      return reject(dev, msg.id, msg.cmd, 'not_applicable', 'this switch has no port security');
    case DeviceType.AP: {
      const c = dev.clients.find((x) => x.mac === msg.mac);
      wasConnected = !!c;
      if (msg.blockS > 0) dev.blocklist.set(msg.mac, until);
      if (c) net.kick(c, msg.blockS, now);
      break;
    }
    case DeviceType.AC: {
      const c = net.findClient(msg.mac);
      const managed = c?.ap?.acSn === dev.sn ? c : undefined;
      wasConnected = !!managed;
      if (msg.blockS > 0) {
        dev.blocklist.set(msg.mac, until);
        for (const ap of net.aps) if (ap.acSn === dev.sn) ap.blocklist.set(msg.mac, until);
      }
      if (managed) net.kick(managed, msg.blockS, now);
      break;
    }
    case DeviceType.Router: {
      const host = net.findHost(msg.mac);
      wasConnected = !!host && dev.routerHosts(now).includes(host);
      if (msg.blockS > 0) dev.blocklist.set(msg.mac, until);
      if (host) {
        host.blockedUntil = Math.max(until, now + 10_000);
        if (wasConnected)
          dev.emitEvent({
            ts: now,
            type: 'client_disconnected',
            mac: msg.mac,
            port: dev.routerPortOf(host),
            code: 'kicked',
          });
      }
      break;
    }
  }
  dev.log(2, 'mgmt', `client ${msg.mac} kicked${msg.blockS ? `, blocked ${msg.blockS} s` : ''}`);
  dev.report(msg.id, msg.cmd, { state: 'succeeded', result: { wasConnected } });
}

function release(dev: SimDevice, msg: ParsedDownMessage<'release_client'>): void {
  if (dev.type === DeviceType.Switch)
    return reject(dev, msg.id, msg.cmd, 'not_applicable', 'this switch has no port security');
  let wasBlocked = dev.blocks(msg.mac);
  dev.blocklist.delete(msg.mac);
  if (dev.type === DeviceType.AC)
    for (const ap of dev.net.aps)
      if (ap.acSn === dev.sn) {
        wasBlocked = ap.blocks(msg.mac) || wasBlocked;
        ap.blocklist.delete(msg.mac);
      }
  if (dev.type === DeviceType.Router) {
    const host = dev.net.findHost(msg.mac);
    if (host) host.blockedUntil = 0;
  }
  dev.report(msg.id, msg.cmd, { state: 'succeeded', result: { wasBlocked } });
}

// ---- downloads shared by firmware and configuration files ----

/**
 * Downloads `url` (really, or simulated per the fleet's policy), reporting `downloading` with a
 * percent at each 10 % or after `downloadReportS` (§7.10), never two within 2 s (§7.3). The device
 * pretends a link of `downloadBytesPerS`, so a local download still takes a visible while. Fault
 * `corrupt` flips a byte as it is stored: the MD5 the device computes really differs.
 */
async function transfer(
  dev: SimDevice,
  run: Running,
  url: string,
  size: number,
  fault?: FaultRule,
): Promise<DownloadOutcome> {
  const { timing, downloads } = dev.ctx;
  const started = Date.now();
  let received = 0;
  let outcome: DownloadOutcome | null = null;
  if (downloads === 'simulate')
    // Nothing is fetched: an empty MD5 means "trust it", and a corrupted one cannot match anything.
    outcome = { ok: true, bytes: size, md5: fault?.corrupt ? 'corrupted' : '', crc32: 0, resumed: 0 };
  else
    void download(url, {
      policy: downloads,
      size,
      signal: run.abort.signal,
      stallMs: timing.downloadStallS * 1000,
      onBytes: (b) => {
        // `b` is the file's bytes so far: it falls back to the first chunk when the server made
        // the download start over.
        dev.ctx.counters.downloadedBytes += b >= received ? b - received : b;
        received = b;
      },
      onResume: (offset, attempt) =>
        dev.log(
          3,
          'mgmt',
          `download interrupted, attempt ${attempt} ${offset > 0 ? `resumes at byte ${offset}` : 'starts over'}`,
        ),
      ...(fault?.corrupt ? { corruptAt: Math.floor(size / 2) } : {}),
    }).then((o) => (outcome = o));
  let lastPct = 0;
  let lastAt = started;
  for (;;) {
    if (!(await wait(dev, run, 200))) return { ok: false, code: 'cancelled' };
    const done = outcome as DownloadOutcome | null;
    if (done && !done.ok) return done;
    const now = Date.now();
    const timePct =
      size > 0 ? Math.min(100, ((now - started) / 1000) * (timing.downloadBytesPerS / size) * 100) : 100;
    const realPct = done ? 100 : size > 0 ? Math.min(100, (received / size) * 100) : 0;
    if (done && timePct >= 100) return done;
    const pct = Math.floor(Math.min(timePct, realPct));
    const due = pct - lastPct >= 10 || (pct > lastPct && now - lastAt >= timing.downloadReportS * 1000);
    if (due && now - lastAt >= 2000) {
      progress(dev, run, 'downloading', { percent: pct });
      lastPct = pct;
      lastAt = now;
    }
  }
}

/** `verifying`: size, MD5 (case-insensitive) and, when given, the CRC32 of what was downloaded. */
function verifyFile(
  outcome: DownloadOutcome & { ok: true },
  size: number,
  md5: string,
  checksum?: string,
): { code: string; detail: string } | null {
  if (outcome.md5 === '') return null; // simulated download
  if (outcome.bytes !== size)
    return { code: 'size_mismatch', detail: `got ${outcome.bytes} bytes, expected ${size}` };
  if (outcome.md5.toLowerCase() !== md5.toLowerCase())
    return { code: 'md5_mismatch', detail: `got ${outcome.md5}` };
  const crc = `0x${outcome.crc32.toString(16).padStart(8, '0')}`;
  if (checksum && checksum.toLowerCase() !== crc)
    return { code: 'md5_mismatch', detail: `MD5 matches but CRC32 is ${crc}, expected ${checksum}` };
  return null;
}

// ---- apply_config ----

/** Why a configuration cannot apply on this device (the `detail` names the field), or null. */
export function configProblem(dev: SimDevice, config: DeviceConfigBody): string | null {
  // A WAN and a LAN with its DHCP server are a router's: other devices have one address.
  if (dev.type !== DeviceType.Router) {
    if (config.wan) return 'wan: this device is not a router';
    if (config.lan) return 'lan: this device is not a router';
  }
  if (config.lan) {
    const { ip, mask, dhcp } = config.lan;
    if (!isHostAddress(ip, mask)) return 'lan.ip: not a host address of lan.mask';
    if (dhcp.enabled && dhcp.start && dhcp.end) {
      for (const key of ['start', 'end'] as const)
        if (!isSameSubnet(dhcp[key]!, ip, mask) || !isHostAddress(dhcp[key]!, mask))
          return `lan.dhcp.${key}: not an address of the LAN`;
      if (compareIPv4(dhcp.start, dhcp.end) > 0) return 'lan.dhcp.end: before lan.dhcp.start';
      if (compareIPv4(dhcp.start, ip) <= 0 && compareIPv4(ip, dhcp.end) <= 0)
        return "lan.dhcp.start: the range holds the router's own address";
    }
  }
  const bands = dev.bands;
  if (config.radios) {
    if (!bands.length) return 'radios: this device has no radio';
    for (const [i, r] of config.radios.entries())
      if (!bands.includes(r.band)) return `radios[${i}].band: no ${r.band} GHz radio`;
  }
  if (config.wireless?.length) {
    if (dev.type !== DeviceType.AP && dev.type !== DeviceType.AC) return 'wireless: this device has no radio';
    if (dev.type === DeviceType.AP)
      for (const [i, g] of config.wireless.entries())
        if (!g.bands.some((b) => bands.includes(b))) return `wireless[${i}].bands: no such radio here`;
  }
  if (config.ports) {
    for (const [i, p] of config.ports.entries()) {
      if (p.port > dev.info.ports) return `ports[${i}].port: this device has ${dev.info.ports} ports`;
      if (p.poe && !dev.info.poeBudgetW) return `ports[${i}].poe: this device has no PoE`;
    }
  }
  return null;
}

async function applyConfig(
  dev: SimDevice,
  msg: ParsedDownMessage<'apply_config'>,
  fault?: FaultRule,
): Promise<void> {
  const source = msg.source;
  if (source.type === 'inline') {
    const problem = configProblem(dev, source.config);
    if (problem) return reject(dev, msg.id, msg.cmd, 'config_invalid', problem);
  }
  if (runningOf(dev, 'apply_config'))
    return reject(dev, msg.id, msg.cmd, 'busy', 'a configuration is being applied');
  const busy = pastNoReturn(dev);
  if (busy) return reject(dev, msg.id, msg.cmd, 'busy', `${busy.cmd} ${busy.id} is at ${busy.stage}`);
  const run = start(dev, msg.id, 'apply_config');
  accept(dev, run);
  const timing = dev.ctx.timing;
  if (source.type === 'file') {
    progress(dev, run, 'downloading', { percent: 0 });
    if (faultAt(dev, run, 'downloading', fault)) return;
    const got = await transfer(dev, run, source.url, source.size, fault);
    if (run.done) return;
    if (!got.ok) return fail(dev, run, 'downloading', got.code, got.detail);
    progress(dev, run, 'verifying');
    if (!(await wait(dev, run, timing.verifyS * 1000))) return;
    if (faultAt(dev, run, 'verifying', fault)) return;
    const bad = verifyFile(got, source.size, source.md5);
    if (bad) return fail(dev, run, 'verifying', bad.code, bad.detail);
  }
  run.pastNoReturn = true;
  progress(dev, run, 'applying');
  if (!(await wait(dev, run, timing.applyS * 1000))) return;
  if (fault?.failStage === 'applying') {
    const code = faultCode('apply_config', 'applying', fault);
    dev.emitEvent({
      ts: Date.now(),
      type: 'config_error',
      severity: 2,
      code,
      text: clip(fault.detail ?? 'applying failed, previous configuration restored'),
    });
    if (code === 'connectivity_lost') {
      // The new configuration cut the device off: it rolls back after the safety time, reconnects,
      // and reports once welcomed again.
      record(dev, run, {
        state: 'failed',
        stage: 'applying',
        code,
        detail: `console unreachable for ${timing.connectivityLostS} s after applying; previous configuration restored`,
      });
      dev.drop(timing.connectivityLostS * 1000);
      return;
    }
    return fail(
      dev,
      run,
      'applying',
      code,
      fault.detail ?? 'applying failed; the previous configuration is restored',
    );
  }
  const apply = () =>
    dev.applyConfig(msg.configId, msg.revision, source.type === 'inline' ? source.config : null);
  if (source.type === 'file') {
    // A vendor configuration file takes effect with a restart.
    progress(dev, run, 'rebooting');
    record(dev, run, restartOutcome(run, fault, { state: 'succeeded', result: { revision: msg.revision } }));
    await dev.restart('config_apply', 'reboot', fault?.failStage === 'rebooting' ? undefined : apply);
    return;
  }
  apply();
  finish(dev, run, { state: 'succeeded', result: { revision: msg.revision } });
}

// ---- upgrade_firmware ----

async function upgrade(
  dev: SimDevice,
  msg: ParsedDownMessage<'upgrade_firmware'>,
  fault?: FaultRule,
): Promise<void> {
  if (msg.model !== dev.model || msg.hwVersion !== dev.hwVersion)
    return reject(
      dev,
      msg.id,
      msg.cmd,
      'incompatible_image',
      `image for ${msg.model} ${msg.hwVersion}, this is ${dev.model} ${dev.hwVersion}`,
    );
  if (runningOf(dev, 'upgrade_firmware'))
    return reject(dev, msg.id, msg.cmd, 'busy', 'an upgrade is running');
  const busy = pastNoReturn(dev);
  if (busy) return reject(dev, msg.id, msg.cmd, 'busy', `${busy.cmd} ${busy.id} is at ${busy.stage}`);
  if (msg.fwVersion === dev.fwVersion) {
    dev.report(msg.id, msg.cmd, { state: 'accepted' });
    dev.report(msg.id, msg.cmd, { state: 'succeeded', result: { fwVersion: dev.fwVersion } });
    return;
  }
  if (msg.size > dev.info.storageBytes)
    return reject(
      dev,
      msg.id,
      msg.cmd,
      'storage_full',
      `${msg.size} bytes, room for ${dev.info.storageBytes}`,
    );
  const run = start(dev, msg.id, 'upgrade_firmware');
  accept(dev, run);
  progress(dev, run, 'downloading', { percent: 0 });
  if (faultAt(dev, run, 'downloading', fault)) return;
  const got = await transfer(dev, run, msg.url, msg.size, fault);
  if (run.done) return;
  if (!got.ok) return fail(dev, run, 'downloading', got.code, got.detail);
  const timing = dev.ctx.timing;
  progress(dev, run, 'verifying');
  if (!(await wait(dev, run, timing.verifyS * 1000))) return;
  if (faultAt(dev, run, 'verifying', fault)) return;
  const bad = verifyFile(got, msg.size, msg.md5, msg.checksum);
  if (bad) return fail(dev, run, 'verifying', bad.code, bad.detail);
  const window = msg.window;
  if (window) {
    // §7.10 step 3a: the verified image waits until the local time of the window's zone (Intl, no
    // zone library) is inside it, saying `waiting` again every 10 minutes so the server's
    // 30-minute stall rule does not end the command; `cancel` still stops it (not past no return).
    const inside = () => insideWindow(localMinutes(Date.now(), window.tz), window.start, window.end);
    let saidAt = 0;
    while (!inside()) {
      if (Date.now() >= msg.expires)
        return fail(dev, run, 'waiting', 'expired', 'the window did not open before the command expired');
      if (Date.now() - saidAt >= 10 * 60_000) {
        run.lastProgressAt = 0;
        progress(dev, run, 'waiting');
        saidAt = Date.now();
      }
      if (!(await wait(dev, run, 1000))) return;
    }
  }
  run.pastNoReturn = true;
  progress(dev, run, 'applying');
  if (!(await wait(dev, run, timing.flashS * 1000))) return;
  if (faultAt(dev, run, 'applying', fault)) return;
  progress(dev, run, 'rebooting');
  const rollBack = fault?.failStage === 'rebooting';
  record(
    dev,
    run,
    rollBack
      ? {
          state: 'failed',
          stage: 'rebooting',
          code: faultCode('upgrade_firmware', 'rebooting', fault),
          detail: fault.detail ?? 'the boot loader went back to the previous image',
        }
      : { state: 'succeeded', result: { fwVersion: msg.fwVersion } },
  );
  await dev.restart(
    'firmware_upgrade',
    'firmware_upgrade',
    // Fault `keepsOldImage`: it said `succeeded`, yet boots the old image (the console's check of
    // the version in `hello` is what catches it).
    rollBack || fault?.keepsOldImage ? undefined : () => (dev.fwVersion = msg.fwVersion),
  );
}

// ---- run_diagnosis ----

async function diagnosis(
  dev: SimDevice,
  msg: ParsedDownMessage<'run_diagnosis'>,
  fault?: FaultRule,
): Promise<void> {
  if (runningOf(dev, 'run_diagnosis')) return reject(dev, msg.id, msg.cmd, 'busy', 'a diagnosis is running');
  if (msg.type === 2 && dev.type === DeviceType.Switch)
    return reject(dev, msg.id, msg.cmd, 'not_applicable', 'this switch runs ping only');
  const run = start(dev, msg.id, 'run_diagnosis');
  progress(dev, run, 'running', { percent: 0 });
  const results: Body[] = [];
  const checks = msg.checks ?? [];
  // Percent counts the service checks too, so the last target's result is not yet 100 % when checks follow.
  const n = msg.targets.length + checks.length;
  const interval = msg.intervalMs ?? 1000;
  for (const [i, target] of msg.targets.entries()) {
    // Real time is count × interval per target; the fleet may scale it. At least 2.1 s, so two
    // results never come closer than the protocol's 2 s between progress reports.
    const ms = Math.max(2100, msg.count * interval * dev.ctx.timing.diagnosisScale);
    if (!(await wait(dev, run, ms))) return;
    if (faultAt(dev, run, 'running', fault) || faultAt(dev, run, 'result', fault)) return;
    const result = diagnose(dev.rng, target, {
      type: msg.type,
      count: msg.count,
      ...(msg.maxHops ? { maxHops: msg.maxHops } : {}),
      gateway: dev.settings.gateway,
    });
    const { hops: _hops, ...summary } = result;
    results.push(summary);
    progress(dev, run, 'result', { percent: round1(((i + 1) / n) * 100), result });
  }
  if (checks.length === 0) return finish(dev, run, { state: 'succeeded', result: { results } });
  // The checks one after another, each within its timeout (at most ~1 s here, scaled like the targets).
  const checked = [];
  for (const check of checks) {
    const outcome = serviceCheck(dev.rng, check);
    const ms = (outcome.ms ?? msg.timeoutMs ?? 1000) * dev.ctx.timing.diagnosisScale;
    if (!(await wait(dev, run, Math.min(ms, 1000)))) return;
    checked.push(outcome);
  }
  finish(dev, run, { state: 'succeeded', result: { results, checks: checked } });
}

// ---- cancel ----

function cancel(dev: SimDevice, msg: ParsedDownMessage<'cancel'>): void {
  const target = dev.running.get(msg.target);
  if (!target || target.done) {
    if (dev.memory.has(msg.target) || dev.afterWelcome.some((r) => r.id === msg.target))
      return reject(dev, msg.id, msg.cmd, 'not_cancellable', 'the command has finished');
    return reject(dev, msg.id, msg.cmd, 'unknown_command', `no command ${msg.target}`);
  }
  const cancellable =
    target.cmd === 'run_diagnosis' || target.cmd === 'upgrade_firmware' || target.cmd === 'apply_config';
  if (!cancellable || target.pastNoReturn)
    return reject(
      dev,
      msg.id,
      msg.cmd,
      'not_cancellable',
      target.stage ? `${target.cmd} is at ${target.stage}` : undefined,
    );
  fail(dev, target, target.stage, 'cancelled', 'cancelled by the console');
  target.abort.abort();
  dev.report(msg.id, msg.cmd, { state: 'succeeded' });
}

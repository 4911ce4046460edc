/**
 * A portal diagnosis as device work (docs/diagnosis.md "Portal checks", protocol §7.11.1): the
 * hosts to ping, and the service checks — an HTTP GET of the portal page and a RADIUS
 * Status-Server to each server's authentication and accounting ports. Pure: the diagnosis service
 * calls it for `Kind: 'portal'`, the timers for OnTimerPortalCheck.
 */
import { DIAG_TARGETS_MAX, DIAGNOSIS_CHECKS_MAX, isDiagnosisTarget } from '@netconsole/contract';
import type { DiagnosisCheck, RadiusServer } from '@netconsole/contract';

export interface PortalCheckConfig {
  /**
   * The console's public address (PUBLIC_URL): the guest portal the devices send guests to when
   * the request names no portal page and no RADIUS server (the built-in OnTimerPortalCheck).
   */
  publicUrl: string;
}

export interface PortalCheckInput {
  PortalUrl: string | null;
  Radius: readonly RadiusServer[];
}

export interface PortalChecks {
  /** Hosts to ping first (the portal's, then the RADIUS servers'), without repeats; may be empty when the portal host is an IPv6 literal and no server is named. */
  targets: string[];
  checks: DiagnosisCheck[];
}

/** The portal page's host as a ping target, or null (an IPv6 literal, an unreadable URL). */
function hostOf(url: string): string | null {
  try {
    const host = new URL(url).hostname;
    return isDiagnosisTarget(host) ? host : null;
  } catch {
    return null;
  }
}

export function portalChecks(config: PortalCheckConfig, input: PortalCheckInput): PortalChecks {
  const url = input.PortalUrl ?? (input.Radius.length === 0 ? `${config.publicUrl}/` : null);
  const targets = new Set<string>();
  const checks: DiagnosisCheck[] = [];
  const seen = new Set<string>();
  const add = (check: DiagnosisCheck) => {
    const key =
      check.kind === 'http' ? `http ${check.url}` : `radius ${check.host.toLowerCase()}:${check.port}`;
    if (seen.has(key) || checks.length >= DIAGNOSIS_CHECKS_MAX) return;
    seen.add(key);
    checks.push(check);
  };
  if (url !== null) {
    const host = hostOf(url);
    if (host !== null) targets.add(host.toLowerCase());
    add({ kind: 'http', url });
  }
  for (const server of input.Radius) {
    if (isDiagnosisTarget(server.Host)) targets.add(server.Host.toLowerCase());
    add({ kind: 'radius', host: server.Host, port: server.AuthPort });
    add({ kind: 'radius', host: server.Host, port: server.AcctPort });
  }
  return { targets: [...targets].slice(0, DIAG_TARGETS_MAX), checks };
}

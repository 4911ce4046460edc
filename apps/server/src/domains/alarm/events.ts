/**
 * What the alarm domain tells others (design-17 §2): an alarm raised or cleared, after it is stored.
 * The notification domain listens and asks `alarmTargets.of` whom to tell and how.
 */
import type { PushMethod } from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';

export interface AlarmNotice {
  /** The tenant's scope. */
  scope: Scope;
  alarmId: string;
  tenantId: string;
  networkId: string | null;
  networkName: string | null;
  deviceId: string | null;
  sn: string | null;
  deviceName: string | null;
  /** AlarmType 1-21, or a custom (>= 1000) or limit (>= 2000) alarm's code. */
  type: number;
  /** Severity: 1 general, 2 medium, 3 severe. */
  level: 1 | 2 | 3;
  /** What happened, for people. */
  text: { en: string; zh: string };
  /** Root-cause suppression: devices behind it counted in this one alarm. */
  behind: number;
  /** ms: raised or cleared at. */
  at: number;
}

declare module '../../platform/events.ts' {
  interface DomainEvents {
    'alarm.raised': AlarmNotice;
    'alarm.cleared': AlarmNotice;
  }
}

/** Whom a network's alarm of a type goes to, and how (the settings' push methods and recipients). */
export interface AlarmTargets {
  enabled: boolean;
  methods: PushMethod[];
  emails: string[];
  phones: string[];
}

export interface AlarmTargetLookup {
  of(tenantId: string, networkId: string | null, type: number): Promise<AlarmTargets>;
}

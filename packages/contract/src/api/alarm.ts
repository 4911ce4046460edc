/**
 * Alarm settings, custom and limit alarms, alarms and their handling (spec §3, §5, §7 ALARMS). Placeholder: a helper session is writing it.
 */
export {};

/**
 * The audit log, device logs and switch events (spec §3 Log, §7 LOGS). Placeholder: a helper session is writing it.
 */
export {};

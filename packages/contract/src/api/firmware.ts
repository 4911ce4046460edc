/**
 * Firmware images (spec §3 Firmware, §5, §7 FIRMWARE). Placeholder: a helper session is writing it.
 */
export {};

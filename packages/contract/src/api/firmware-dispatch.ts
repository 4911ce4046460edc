/**
 * Firmware upgrades (spec §7 POST /v1/config/fw/dispatch, GET /v1/issued/fw). Placeholder: a helper session is writing it.
 */
export {};

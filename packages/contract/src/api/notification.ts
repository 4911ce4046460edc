/**
 * Notification channels, records and maintenance windows (issue 17). Placeholder: a helper session is writing it.
 */
export {};

/**
 * The log domain: the audit log (every state-changing call: who, what, on which object, when,
 * outcome), device logs from `logs` reports and switch events from `events` (spec §3 Log, §7 LOGS).
 * Placeholder: a helper session is building it.
 */
import { defineModule } from '../../platform/module.ts';

export const logModule = defineModule({
  name: 'log',
  needs: {},
  build: () => ({}),
});

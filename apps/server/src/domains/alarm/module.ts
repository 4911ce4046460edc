/**
 * The alarm domain: per-network alarm settings (spec §3 Alarm settings, §7 ALARMS and LIMIT ALARM)
 * and the engine that raises and clears alarms from the device stream (protocol §11.4).
 * Placeholder: a helper session is building it.
 */
import { defineModule } from '../../platform/module.ts';

export const alarmModule = defineModule({
  name: 'alarm',
  needs: {},
  build: () => ({}),
});

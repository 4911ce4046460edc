/**
 * Firmware upgrades: images delivered to devices as campaigns of the delivery engine, applied only
 * when the device comes back on the new version (docs/firmware-upgrades.md).
 * Placeholder: a helper session is building it.
 */
import { defineModule } from '../../platform/module.ts';
import { firmwareModule } from './module.ts';

export const firmwareDispatchModule = defineModule({
  name: 'firmware-dispatch',
  needs: { firmware: firmwareModule },
  build: () => ({}),
});

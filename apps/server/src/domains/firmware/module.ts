/**
 * The firmware domain: the image library (upload, list, update), its files in the platform's file
 * store, and the signed, resumable downloads devices fetch images through (docs/firmware.md).
 * Placeholder: a helper session is building it.
 */
import { defineModule } from '../../platform/module.ts';

export const firmwareModule = defineModule({
  name: 'firmware',
  needs: {},
  build: () => ({}),
});

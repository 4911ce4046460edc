import { LOGO_MAX_BYTES } from '@netconsole/contract';

/** What the dialog says before sending: spec §5 "JPEG only, under 2 MB (two separate messages)". */
export type LogoFileProblem = 'notJpeg' | 'tooLarge';

export { LOGO_MAX_BYTES };

/** JPEG by type, or by name when the browser gives no type; the server checks the content too. */
export function isJpegFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return file.type === 'image/jpeg' || file.type === 'image/pjpeg';
  return /\.(jpe?g|jfif)$/i.test(file.name);
}

/** The server takes up to 2 MB (2 097 152 bytes) exactly; an empty file is no picture. */
export function checkLogoFile(file: Pick<File, 'name' | 'type' | 'size'>): LogoFileProblem | null {
  if (!isJpegFile(file) || file.size === 0) return 'notJpeg';
  return file.size > LOGO_MAX_BYTES ? 'tooLarge' : null;
}

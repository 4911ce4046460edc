import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, checkLogoFile, isJpegFile } from './logo-file.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkLogoFile', () => {
  it('takes a JPEG up to 2 MB', () => {
    expect(checkLogoFile(file('logo.jpg', 'image/jpeg'))).toBeNull();
    expect(checkLogoFile(file('logo.jpeg', 'image/jpeg', LOGO_MAX_BYTES))).toBeNull();
  });

  it('says "JPEG only" for anything else, whatever its size', () => {
    expect(checkLogoFile(file('logo.png', 'image/png'))).toBe('notJpeg');
    expect(checkLogoFile(file('logo.gif', 'image/gif', LOGO_MAX_BYTES * 2))).toBe('notJpeg');
    expect(checkLogoFile(file('logo.jpg.exe', 'application/x-msdownload'))).toBe('notJpeg');
    expect(checkLogoFile(file('empty.jpg', 'image/jpeg', 0))).toBe('notJpeg');
  });

  it('says "under 2 MB" for a JPEG over the limit', () => {
    expect(checkLogoFile(file('big.jpg', 'image/jpeg', LOGO_MAX_BYTES + 1))).toBe('tooLarge');
  });

  it('goes by the name when the browser gives no type', () => {
    expect(isJpegFile(file('photo.JPG', ''))).toBe(true);
    expect(isJpegFile(file('photo.jfif', ''))).toBe(true);
    expect(isJpegFile(file('photo.png', ''))).toBe(false);
    // A type given wins over the name.
    expect(isJpegFile(file('photo.jpg', 'image/png'))).toBe(false);
  });
});

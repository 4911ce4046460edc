/** The tenant's logo (spec §2 logo setting dialog, §5, §7 dashboard uploadLogo). */
import { z } from 'zod';

/** spec §5 and §9: JPEG only, at most 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** The JSON form of uploadLogo: confirm a picture uploaded before (the multipart form) as the logo. */
export const setLogoBody = z.object({ path: z.string().trim().min(1).max(255) });

export const logoReply = z.object({
  /** The logo now in use (null when none). */
  LogoPath: z.string().nullable(),
  /** The picture this call uploaded or confirmed. */
  Path: z.string(),
});
export type LogoReply = z.infer<typeof logoReply>;

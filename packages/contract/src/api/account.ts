/**
 * The personal centre (/user/index) and password recovery (/forgotpwd): spec §2, §5 and §7.
 */
import { z } from 'zod';
import { digitCode, email, phoneNumber, resetCode, strongPassword } from '../validators.ts';
import { displayName, loginPassword, loginReply } from './user.ts';

/** The new password of a change or a reset: the login length rule and the strength rule. */
const newPassword = loginPassword.pipe(strongPassword);
const confirmMatches = {
  path: ['ConfirmPassword'],
  error: 'passwords differ',
};

// ---- session timeout ----

/**
 * The timeout choices of the personal centre, in minutes (spec §4: default 3); chosen with
 * `PUT /v1/user/updateUserInfo` `{ Minute }`. (The spec's getOnTimeAll/UpdateOnTime are the timed
 * maintenance tasks: api/diagnosis-timer.ts.)
 */
export const ONLINE_MINUTES = [3, 5, 10, 15, 30, 60, 120] as const;

export const minuteReply = z.object({ Minute: z.number().int() });

/** Your name, your session timeout (minutes, one of ONLINE_MINUTES), or both. */
export const updateUserInfoBody = z
  .object({
    Name: displayName.optional(),
    Minute: z.coerce
      .number()
      .int()
      .refine((m) => (ONLINE_MINUTES as readonly number[]).includes(m), {
        error: `one of ${ONLINE_MINUTES.join(', ')}`,
      })
      .optional(),
  })
  .refine((b) => b.Name !== undefined || b.Minute !== undefined, { error: 'Name or Minute' });
export type UpdateUserInfoBody = z.infer<typeof updateUserInfoBody>;

export const passBody = z
  .object({
    OldPassword: loginPassword,
    Password: newPassword,
    ConfirmPassword: z.string().trim(),
  })
  .refine((b) => b.ConfirmPassword === b.Password, confirmMatches);
export type PassBody = z.infer<typeof passBody>;

// ---- e-mail: a 6-digit code sent to the new address ----

export const checkMailQuery = z.object({
  /** An address the caller wants to use; the reply says whether another account has it. */
  Email: email.optional(),
});
export const checkMailReply = z.object({
  /** The caller's current address ('' when none). */
  Email: z.string(),
  /** Whether the caller has an address (alarm settings need one, spec §6). */
  Bound: z.boolean(),
  /** Only with a queried Email: true when another account already uses it ('mail already registered'). */
  Registered: z.boolean().optional(),
});
export type CheckMailReply = z.infer<typeof checkMailReply>;

export const updateEmailBody = z.object({ Email: email });
export const checkMailCodeBody = z.object({ Email: email, Code: digitCode(6) });

// ---- phone: a 6-digit code sent by SMS to the new number ----

export const checkPhoneBody = z.object({ Phone: phoneNumber });
export const updatePhoneBody = z.object({ Phone: phoneNumber, Code: digitCode(6) });

/** A code was sent; it is good for `expiresIn` seconds. */
export const codeSentReply = z.object({ ok: z.literal(true), expiresIn: z.number().int() });
export type CodeSentReply = z.infer<typeof codeSentReply>;

// ---- forgotten password (public) ----

/** A reset ticket from verifiedForPwd: 256 random bits, base64url. */
export const resetTicket = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'bad ticket' });

export const verifiedForPwdBody = z.object({ Phone: phoneNumber, Code: resetCode });
export const verifiedForPwdReply = z.object({
  Ticket: z.string(),
  /** Unix ms after which the ticket no longer resets a password. */
  ExpiresAt: z.number().int(),
});
export type VerifiedForPwdReply = z.infer<typeof verifiedForPwdReply>;

/** Either the ticket of verifiedForPwd or the SMS code itself proves the phone. */
export const forgotPwdBody = z
  .object({
    Phone: phoneNumber,
    Ticket: resetTicket.optional(),
    Code: resetCode.optional(),
    Password: newPassword,
    ConfirmPassword: z.string().trim(),
  })
  .refine((b) => b.ConfirmPassword === b.Password, confirmMatches)
  .refine((b) => b.Ticket !== undefined || b.Code !== undefined, {
    path: ['Code'],
    error: 'Ticket or Code is required',
  });
export type ForgotPwdBody = z.infer<typeof forgotPwdBody>;

/** spec §7: forgotPwd answers token as well as Token, with the rest of the sign-in response. */
export const forgotPwdReply = loginReply.extend({ token: z.string() });
export type ForgotPwdReply = z.infer<typeof forgotPwdReply>;

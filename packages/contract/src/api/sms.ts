/** SMS codes (spec §7 SMS): the forgot-password code for now; portal sign-in codes come later. */
import { z } from 'zod';
import { phoneNumber } from '../validators.ts';

export const SMS_CODE_TYPES = ['forgot'] as const;

export const smsSendBody = z.object({ Phone: phoneNumber, Type: z.enum(SMS_CODE_TYPES) });
export type SmsSendBody = z.infer<typeof smsSendBody>;

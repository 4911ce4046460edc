import type { Lang } from '@netconsole/contract';

/** The texts that carry a code, in the recipient's language. */

/** An account's stored language as one the texts know. */
export function lang(stored: string): Lang {
  return stored === 'zh' ? 'zh' : 'en';
}

export function emailCodeMail(lang: Lang, code: string, minutes: number): { subject: string; text: string } {
  return lang === 'zh'
    ? {
        subject: '邮箱验证码',
        text: `您的验证码为 ${code}，${minutes} 分钟内有效。\n如果您没有申请修改网络控制台账号的邮箱，请忽略本邮件。`,
      }
    : {
        subject: 'Your e-mail verification code',
        text: `Your verification code is ${code}. It is valid for ${minutes} minutes.\nIf you did not ask to use this address for your network console account, ignore this message.`,
      };
}

export function smsCodeText(lang: Lang, code: string, minutes: number, purpose: 'phone' | 'forgot'): string {
  if (lang === 'zh') {
    const what = purpose === 'forgot' ? '重置密码' : '绑定手机';
    return `验证码 ${code}，用于${what}，${minutes} 分钟内有效，请勿告诉他人。`;
  }
  const what = purpose === 'forgot' ? 'reset your password' : 'bind this phone';
  return `Your code to ${what} is ${code}, valid for ${minutes} minutes. Do not share it.`;
}

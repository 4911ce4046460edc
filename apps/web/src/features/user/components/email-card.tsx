import { useTranslation } from 'react-i18next';
import { reportApiError } from '#shared/api-client.ts';
import { checkMail } from '../api/check-mail.ts';
import { useConfirmEmailCode } from '../api/confirm-email-code.ts';
import { useSendEmailCode } from '../api/send-email-code.ts';
import { checkNewEmail } from './account-rules.ts';
import { ContactChangeCard } from './contact-change-card.tsx';

/** spec §5: the e-mail change uses a code sent by e-mail, to the new address. */
export function EmailCard({ current }: { current: string }) {
  const { t } = useTranslation('user-profile');
  const send = useSendEmailCode();
  const confirm = useConfirmEmailCode();

  return (
    <ContactChangeCard
      kind="email"
      field="Email"
      current={current}
      check={checkNewEmail}
      maxLength={254}
      inputMode="email"
      sending={send.isPending}
      confirming={confirm.isPending}
      // 'Mail already registered' is said before a code is spent on an address that cannot be used.
      send={async (email) => {
        // A plain call, not a query: its failure is reported here (the mutation's by the app).
        const mail = await checkMail(email).catch((error: unknown) => {
          reportApiError(error);
          throw error;
        });
        if (mail.Registered) return t('email.registered');
        await send.mutateAsync(email);
        return null;
      }}
      confirm={(email, code) => confirm.mutateAsync({ Email: email, Code: code })}
    />
  );
}

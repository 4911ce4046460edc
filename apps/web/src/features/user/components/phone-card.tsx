import { useConfirmPhoneCode } from '../api/confirm-phone-code.ts';
import { useSendPhoneCode } from '../api/send-phone-code.ts';
import { checkNewPhone } from './account-rules.ts';
import { ContactChangeCard } from './contact-change-card.tsx';

/** A new mobile number, proved by a code sent to it by SMS ('number already bound' from the server). */
export function PhoneCard({ current }: { current: string }) {
  const send = useSendPhoneCode();
  const confirm = useConfirmPhoneCode();

  return (
    <ContactChangeCard
      kind="phone"
      field="Phone"
      current={current}
      check={checkNewPhone}
      maxLength={20}
      inputMode="tel"
      sending={send.isPending}
      confirming={confirm.isPending}
      send={async (phone) => {
        await send.mutateAsync(phone);
        return null;
      }}
      confirm={(phone, code) => confirm.mutateAsync({ Phone: phone, Code: code })}
    />
  );
}

import ReleasesModal from '#features/release/components/releases-modal.tsx';
import OutboxModal from '#features/mail/components/outbox-modal.tsx';

/**
 * The administrator's platform-content dialogs (issue 3), one lazy chunk for both. They share
 * antd parts (table, form, select) with the account screens; every lazy entry that reaches a
 * different mix of them splits the chunks /login and /dashboard load first into more files, and
 * two entries cost ~2.4 KB gzip more of /login's first load than one.
 */
export default function PlatformDialog({
  kind,
  onClose,
}: {
  kind: 'releases' | 'outbox';
  onClose: () => void;
}) {
  return kind === 'releases' ? <ReleasesModal onClose={onClose} /> : <OutboxModal onClose={onClose} />;
}

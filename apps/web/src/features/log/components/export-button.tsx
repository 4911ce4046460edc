import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@netconsole/contract';
import { notify } from '#shared/notify.ts';
import { useLogExport } from '../api/export-csv.ts';

export interface ExportButtonProps {
  kind: 'audit' | 'device';
  /** The list's filters: the file holds what the list shows, every page of it. */
  query: Record<string, string | number | undefined>;
  disabled?: boolean;
  testId: string;
}

/** Saves the log the filters select as CSV (headers in the viewer's language). */
export function ExportButton({ kind, query, disabled, testId }: ExportButtonProps) {
  const { t, i18n } = useTranslation('log-common');
  const exporting = useLogExport();
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting.isPending}
      disabled={disabled}
      onClick={() =>
        exporting.mutate(
          { kind, query, lang: i18n.language as Lang },
          { onSuccess: () => notify.success(t('export.done')) },
        )
      }
      data-testid={testId}
    >
      {t('export.action')}
    </Button>
  );
}

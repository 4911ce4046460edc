import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveCsv, type CsvColumn } from './csv.ts';

export interface ExportCsvButtonProps<T> {
  /** The file's name without the date. */
  fileName: string;
  columns: readonly CsvColumn<T>[];
  /** The rows to write: every row of the table's selection, not only its page. */
  rows: () => Promise<readonly T[]> | readonly T[];
  disabled?: boolean;
  testId: string;
}

/** Saves a table as CSV, headers in the viewer's language, byte figures as plain bytes. */
export function ExportCsvButton<T>({ fileName, columns, rows, disabled, testId }: ExportCsvButtonProps<T>) {
  const { t } = useTranslation('flow-common');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveCsv(fileName, columns, await rows());
    } catch (error) {
      // A failed call was toasted by the app's error policy already.
      console.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      disabled={disabled}
      onClick={() => void run()}
      data-testid={testId}
      data-pdf-hide
    >
      {t('export.csv')}
    </Button>
  );
}

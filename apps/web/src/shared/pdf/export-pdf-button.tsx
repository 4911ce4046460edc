import { useState, type RefObject } from 'react';
import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notify } from '../notify.ts';
import { exportElementToPdf, pdfFileName } from './export-pdf.ts';

export interface ExportPdfButtonProps {
  /** The page area to export. */
  target: RefObject<HTMLElement | null>;
  /** The file's name without date and extension, e.g. the network's name. */
  fileName: string;
  'data-testid'?: string;
  size?: 'small' | 'middle' | 'large';
}

/** "Export PDF" for a page area; busy while the libraries load and the area is drawn. */
export function ExportPdfButton({ target, fileName, size, 'data-testid': testId }: ExportPdfButtonProps) {
  const { t } = useTranslation('pdf-export');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const element = target.current;
    if (!element || busy) return;
    setBusy(true);
    try {
      await exportElementToPdf(element, pdfFileName(fileName));
    } catch (error) {
      console.error(error);
      notify.error(t('failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={busy}
      onClick={() => void run()}
      size={size}
      data-testid={testId}
      data-pdf-hide
    >
      {busy ? t('exporting') : t('export')}
    </Button>
  );
}

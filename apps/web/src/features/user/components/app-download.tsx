import { Divider, Flex } from 'antd';
import { AndroidFilled, AppleFilled } from '@ant-design/icons';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { AppRelease } from '../api/get-app-list.ts';

const PLATFORM_ICON = { android: <AndroidFilled />, ios: <AppleFilled /> } as const;

/** Download codes for the mobile apps (spec §2: login with QR download for Android and iOS). */
export default function AppDownload({ releases }: { releases: readonly AppRelease[] }) {
  const { t } = useTranslation('user');
  return (
    <div className="app-download" data-testid="app-download">
      <Divider style={{ margin: '28px 0 16px' }} />
      <strong>{t('app.title')}</strong>
      <p className="app-download-hint">{t('app.hint')}</p>
      <Flex gap={24} wrap>
        {releases.map((release) => (
          <Flex
            key={release.Platform}
            vertical
            align="center"
            gap={4}
            data-testid={`app-download-${release.Platform}`}
          >
            <QRCodeSVG value={release.Url} size={104} marginSize={2} title={release.Url} />
            <span>
              {PLATFORM_ICON[release.Platform]} {t(`app.${release.Platform}`)}
            </span>
            <span className="app-download-version">{t('app.version', { version: release.Version })}</span>
          </Flex>
        ))}
      </Flex>
    </div>
  );
}

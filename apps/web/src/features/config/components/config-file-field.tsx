import { useState } from 'react';
import { Button, Descriptions, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CONFIG_FILE_EXTENSIONS,
  CONFIG_FILE_MAX_BYTES,
  ErrorCode,
  configFileFormatOf,
  errorText,
  type ConfigFile,
  type ConfigFileUploadReply,
  type Lang,
} from '@netconsole/contract';
import { api, errorMessage } from '#shared/api-client.ts';
import { bytesText } from '#shared/units.ts';

const UPLOAD_PATH = '/v1/config/upload';
const MAX_TEXT = '16 MiB';

/** POST /v1/config/upload, multipart: the server keeps the file and answers its key, MD5 and size. */
export function uploadConfigFile(file: File): Promise<ConfigFileUploadReply> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<ConfigFileUploadReply>(UPLOAD_PATH, form);
}

/**
 * What the server would refuse, checked before sending 16 MiB for nothing: the same codes and
 * texts as the server's (14060, 14061), from the contract.
 */
export function localProblem(file: { name: string; size: number }, lang: Lang): string | null {
  if (file.size > CONFIG_FILE_MAX_BYTES)
    return errorText(ErrorCode.ConfigFileTooLarge, lang, { max: MAX_TEXT });
  if (!configFileFormatOf(file.name)) return errorText(ErrorCode.ConfigFileFormatNotAllowed, lang);
  return null;
}

export interface ConfigFileFieldProps {
  value: ConfigFile | null;
  onChange: (file: ConfigFile | null) => void;
  disabled?: boolean;
}

/**
 * A profile of source `file`: upload a vendor configuration file, show its name, size and MD5 (as
 * the server measured them: the device checks its download against that MD5), replace or remove it.
 * A refusal shows the server's coded message in the user's language. Its labels are the namespace
 * `config-file` (locales/file), which loads with the first form that shows the field.
 */
export function ConfigFileField({ value, onChange, disabled }: ConfigFileFieldProps) {
  const { t, i18n } = useTranslation('config-file');
  const lang = i18n.language as Lang;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File) => {
    setError(null);
    const problem = localProblem(file, lang);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      onChange(await uploadConfigFile(file));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const picker = (label: string, primary: boolean) => (
    <Upload
      accept={CONFIG_FILE_EXTENSIONS.join(',')}
      showUploadList={false}
      disabled={disabled || busy}
      // The file goes through our own client (token, language, coded errors), not antd's XHR.
      beforeUpload={(file) => {
        void send(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button
        icon={<UploadOutlined />}
        loading={busy}
        disabled={disabled}
        type={primary ? 'primary' : 'default'}
        data-testid="config-file-upload"
      >
        {busy ? t('uploading') : label}
      </Button>
    </Upload>
  );

  const name = value ? (value.Name ?? value.Path.split('/').pop() ?? value.Path) : '';
  return (
    <div className="config-file-field" data-testid="config-file-field">
      {value ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          className="config-file-facts"
          data-testid="config-file-facts"
          items={[
            { key: 'name', label: t('name'), children: <span data-testid="config-file-name">{name}</span> },
            {
              key: 'size',
              label: t('size'),
              children: <span data-testid="config-file-size">{bytesText(value.Size)}</span>,
            },
            {
              key: 'format',
              label: t('format'),
              children: t(`formats.${value.Format}`, { defaultValue: value.Format }),
            },
            {
              key: 'md5',
              label: t('md5'),
              children: (
                <Typography.Text code copyable data-testid="config-file-md5">
                  {value.MD5}
                </Typography.Text>
              ),
            },
          ]}
        />
      ) : null}
      <Space wrap style={value ? { marginTop: 8 } : undefined}>
        {picker(value ? t('replace') : t('upload'), !value)}
        {value ? (
          <Button
            icon={<DeleteOutlined />}
            danger
            disabled={disabled || busy}
            onClick={() => {
              setError(null);
              onChange(null);
            }}
            data-testid="config-file-remove"
          >
            {t('remove')}
          </Button>
        ) : null}
      </Space>
      <Typography.Paragraph type="secondary" className="config-file-hint">
        {t('hint', { types: CONFIG_FILE_EXTENSIONS.join(' '), max: MAX_TEXT })}
      </Typography.Paragraph>
      {error ? (
        <Typography.Text type="danger" role="alert" data-testid="config-file-error">
          {error}
        </Typography.Text>
      ) : null}
    </div>
  );
}

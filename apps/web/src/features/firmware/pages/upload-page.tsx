import { useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, Progress, Upload } from 'antd';
import { CloudUploadOutlined, InboxOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  AccountRole,
  FIRMWARE_DESCRIPTION_MAX,
  FIRMWARE_FIELD_MAX,
  FIRMWARE_MAX_BYTES,
  type FirmwareItem,
  type Lang,
} from '@netconsole/contract';
import { notify } from '#shared/notify.ts';
import { useSession } from '#shared/session.ts';
import { bytesText } from '#shared/units.ts';
import { FIRMWARE_KEY } from '../api/images.ts';
import { uploadImage, type UploadFields, type UploadProgress } from '../api/upload-image.ts';
import {
  uploadErrors,
  uploadServerErrors,
  type UploadErrors,
  type UploadField,
} from '../components/upload-form-errors.ts';
import { FW_LIBRARY_PATH, FW_UPGRADE_PATH } from './paths.ts';
import '../components/firmware.css';

interface Values {
  Model: string;
  HWVersion: string;
  FWVersion: string;
  Checksum: string;
  MD5: string;
  Operator: string;
  Description: string;
  Published: boolean;
}

const INITIAL: Values = {
  Model: '',
  HWVersion: '',
  FWVersion: '',
  Checksum: '',
  MD5: '',
  Operator: '',
  Description: '',
  Published: false,
};

/** The one-line fields, each required and at most 15 characters (MD5: 32). */
type TextField = 'Model' | 'HWVersion' | 'FWVersion' | 'Checksum' | 'MD5' | 'Operator';

/**
 * spec §2 /fwconf/upload: an image with its model, hardware and firmware versions, checksum, MD5,
 * operator and description (the administrator may publish it to every tenant). The fields are
 * checked by the contract's rules before anything is sent; the file goes as a stream with a real
 * progress bar and can be cancelled; the server compares the MD5 with the bytes it stored (15006)
 * and refuses a duplicate (15005), each shown on its field.
 */
export default function UploadPage() {
  const { t, i18n } = useTranslation('firmware-upload');
  const lang = i18n.language as Lang;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const admin = user?.Role === AccountRole.Administrator;
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<UploadErrors>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [done, setDone] = useState<FirmwareItem | null>(null);
  const abort = useRef<AbortController | null>(null);
  const uploading = progress !== null;

  const status = (f: UploadField) => (errors[f] ? ('error' as const) : undefined);
  const help = (f: UploadField) =>
    errors[f] ? <span data-testid={`upload-error-${f}`}>{errors[f]}</span> : undefined;
  const clear = (f: UploadField) =>
    setErrors((e) => (e[f] || e.form ? { ...e, [f]: undefined, form: undefined } : e));

  const submit = async (values: Values) => {
    const fields: UploadFields = {
      Model: values.Model ?? '',
      HWVersion: values.HWVersion ?? '',
      FWVersion: values.FWVersion ?? '',
      Checksum: values.Checksum ?? '',
      MD5: values.MD5 ?? '',
      Operator: values.Operator ?? '',
      Description: values.Description ?? '',
      ...(admin ? { Published: values.Published } : {}),
    };
    const found = uploadErrors(fields, file, lang);
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ loaded: 0, total: file.size });
    setDone(null);
    try {
      const image = await uploadImage(fields, file, setProgress, controller.signal);
      void queryClient.invalidateQueries({ queryKey: FIRMWARE_KEY });
      notify.success(t('done', { version: image.FWVersion, model: image.Model }));
      setDone(image);
      form.resetFields();
      setFile(null);
    } catch (error) {
      if (controller.signal.aborted) notify.info(t('cancelled'));
      else setErrors(uploadServerErrors(error));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const percent = progress && progress.total > 0 ? Math.floor((progress.loaded / progress.total) * 100) : 0;
  const textItem = (name: TextField, max = FIRMWARE_FIELD_MAX) => (
    <Form.Item
      name={name}
      label={t(`field.${name}`)}
      required
      extra={t(`hint.${name}`)}
      validateStatus={status(name)}
      help={help(name)}
    >
      <Input
        maxLength={name === 'MD5' ? 32 : max}
        autoComplete="off"
        spellCheck={false}
        placeholder={t(`placeholder.${name}`)}
        onChange={() => clear(name)}
        disabled={uploading}
        data-testid={`upload-${name}`}
      />
    </Form.Item>
  );

  return (
    <Card className="firmware-page firmware-upload" data-testid="upload-page">
      <p className="firmware-intro">{t('intro', { max: bytesText(FIRMWARE_MAX_BYTES) })}</p>
      {done && (
        <Alert
          type="success"
          showIcon
          className="firmware-alert"
          data-testid="upload-done"
          title={t('doneTitle', { version: done.FWVersion, model: done.Model, hw: done.HWVersion })}
          description={t('doneDetail', {
            size: bytesText(done.Size),
            md5: done.MD5,
            checksum: done.Checksum,
          })}
          action={
            <div className="firmware-form-actions">
              <Button
                size="small"
                onClick={() => void navigate(FW_LIBRARY_PATH)}
                data-testid="upload-to-library"
              >
                {t('toLibrary')}
              </Button>
              <Button
                size="small"
                type="primary"
                icon={<SendOutlined />}
                onClick={() => void navigate(`${FW_UPGRADE_PATH}?image=${encodeURIComponent(done._id)}`)}
                data-testid="upload-to-upgrade"
              >
                {t('toUpgrade')}
              </Button>
            </div>
          }
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={INITIAL}
        onFinish={(v) => void submit(v)}
        requiredMark
        className="firmware-upload-form"
        data-testid="upload-form"
      >
        <div className="firmware-upload-grid">
          {textItem('Model')}
          {textItem('HWVersion')}
          {textItem('FWVersion')}
          {textItem('Checksum')}
          {textItem('MD5')}
          {textItem('Operator')}
        </div>
        <Form.Item
          name="Description"
          label={t('field.Description')}
          validateStatus={status('Description')}
          help={help('Description')}
        >
          <Input.TextArea
            maxLength={FIRMWARE_DESCRIPTION_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            disabled={uploading}
            onChange={() => clear('Description')}
            data-testid="upload-Description"
          />
        </Form.Item>
        {admin && (
          <Form.Item
            name="Published"
            valuePropName="checked"
            extra={t('hint.Published')}
            validateStatus={status('Published')}
            help={help('Published')}
          >
            <Checkbox disabled={uploading} data-testid="upload-Published">
              {t('field.Published')}
            </Checkbox>
          </Form.Item>
        )}
        <Form.Item label={t('field.file')} required validateStatus={status('file')} help={help('file')}>
          <Upload.Dragger
            multiple={false}
            maxCount={1}
            disabled={uploading}
            showUploadList={false}
            beforeUpload={(f) => {
              setFile(f);
              clear('file');
              // Kept here and sent with the fields on submit, not uploaded on its own.
              return false;
            }}
            data-testid="upload-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text" data-testid="upload-file-name">
              {file ? file.name : t('chooseFile')}
            </p>
            <p className="ant-upload-hint" data-testid="upload-file-size">
              {file ? bytesText(file.size) : t('fileHint', { max: bytesText(FIRMWARE_MAX_BYTES) })}
            </p>
          </Upload.Dragger>
        </Form.Item>
        {progress && (
          <div className="firmware-upload-progress" data-testid="upload-progress" data-percent={percent}>
            <Progress percent={percent} status="active" aria-label={t('progressLabel')} />
            <span className="firmware-small" data-testid="upload-progress-text">
              {t('progress', { loaded: bytesText(progress.loaded), total: bytesText(progress.total) })}
            </span>
          </div>
        )}
        {errors.form && (
          <Alert
            type="error"
            showIcon
            title={errors.form}
            className="firmware-alert"
            data-testid="upload-error-form"
          />
        )}
        <div className="firmware-form-actions">
          {/* Keyed apart: were the cancel button turned into the submit button, the click that
              cancels would end as the new submit button's default action and send the form again. */}
          {uploading ? (
            <Button key="cancel" danger onClick={() => abort.current?.abort()} data-testid="upload-cancel">
              {t('cancel')}
            </Button>
          ) : (
            <Button
              key="submit"
              type="primary"
              htmlType="submit"
              icon={<CloudUploadOutlined />}
              data-testid="upload-submit"
            >
              {t('submit')}
            </Button>
          )}
        </div>
      </Form>
    </Card>
  );
}

import { useState } from 'react';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  errorText,
  ErrorCode,
  FIRMWARE_DESCRIPTION_MAX,
  FIRMWARE_FIELD_MAX,
  firmwareIssueCode,
  firmwareUpdateBody,
  type FirmwareItem,
  type Lang,
} from '@netconsole/contract';
import { ApiError, errorMessage } from '#shared/api-client.ts';
import { notify } from '#shared/notify.ts';
import { useUpdateImage } from '../api/images.ts';

interface Values {
  Operator: string;
  Description: string;
  Published: boolean;
}

type Field = 'Operator' | 'Description' | 'Published' | 'form';

export interface ImageEditModalProps {
  image: FirmwareItem | null;
  /** The administrator publishing its own image to every tenant (15021 for any other). */
  canPublish: boolean;
  onClose: () => void;
}

/** PUT /v1/fw/update: what may change after the upload — operator, description, published. */
export function ImageEditModal({ image, canPublish, onClose }: ImageEditModalProps) {
  const { t, i18n } = useTranslation('firmware-library');
  const lang = i18n.language as Lang;
  const [form] = Form.useForm<Values>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useUpdateImage();
  const status = (f: Field) => (errors[f] ? ('error' as const) : undefined);
  const help = (f: Field) =>
    errors[f] ? <span data-testid={`image-edit-error-${f}`}>{errors[f]}</span> : undefined;

  const submit = async () => {
    if (!image) return;
    const values = form.getFieldsValue();
    const body = {
      _id: image._id,
      Operator: values.Operator ?? '',
      Description: values.Description ?? '',
      ...(canPublish ? { Published: values.Published } : {}),
    };
    const parsed = firmwareUpdateBody.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= errorText(firmwareIssueCode(issue) ?? ErrorCode.ValidationFailed, lang);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(body);
      notify.success(t('edit.saved', { version: image.FWVersion }));
      onClose();
    } catch (error) {
      const path = error instanceof ApiError ? error.details?.[0]?.path : undefined;
      const field: Field = path === 'Operator' || path === 'Description' ? path : 'form';
      setErrors({ [field]: errorMessage(error) });
    }
  };

  return (
    <Modal
      open={image !== null}
      title={image ? t('edit.title', { version: image.FWVersion, model: image.Model }) : ''}
      okText={t('edit.ok')}
      cancelText={t('edit.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okButtonProps={{ 'data-testid': 'image-edit-ok' } as never}
      destroyOnHidden
    >
      {image && (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{
            Operator: image.Operator,
            Description: image.Description,
            Published: image.Published,
          }}
          data-testid="image-edit-form"
        >
          <Form.Item
            name="Operator"
            label={t('edit.operator')}
            required
            validateStatus={status('Operator')}
            help={help('Operator')}
          >
            <Input maxLength={FIRMWARE_FIELD_MAX} data-testid="image-edit-operator" />
          </Form.Item>
          <Form.Item
            name="Description"
            label={t('edit.description')}
            validateStatus={status('Description')}
            help={help('Description')}
          >
            <Input.TextArea
              maxLength={FIRMWARE_DESCRIPTION_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 5 }}
              data-testid="image-edit-description"
            />
          </Form.Item>
          {canPublish && (
            <Form.Item name="Published" valuePropName="checked" extra={t('edit.publishedHint')}>
              <Checkbox data-testid="image-edit-published">{t('edit.published')}</Checkbox>
            </Form.Item>
          )}
          {errors.form && (
            <Alert type="error" showIcon title={errors.form} data-testid="image-edit-error-form" />
          )}
        </Form>
      )}
    </Modal>
  );
}

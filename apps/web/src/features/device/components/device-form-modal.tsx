import { Form, Input, Modal, Select, type ButtonProps, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_ALIAS_MAX,
  ErrorCode,
  deviceAliasError,
  deviceMacError,
  deviceSnError,
  deviceTypeLabels,
  errorText,
  type DeviceItem,
  type DeviceType,
  type Lang,
} from '@netconsole/contract';
import { ApiError } from '#shared/api-client.ts';
import { notify } from '#shared/notify.ts';
import { useAddDevice } from '../api/add-device.ts';
import { useUpdateDevice } from '../api/update-device.ts';

interface Values {
  SN: string;
  MAC: string;
  Alias?: string;
  Type?: DeviceType;
}

/** The field a refusal of the server concerns (spec §8 12xxx). */
const FIELD_OF_CODE: Partial<Record<number, keyof Values>> = {
  [ErrorCode.RegisterSnRequired]: 'SN',
  [ErrorCode.DeviceSnLength]: 'SN',
  [ErrorCode.DeviceSnExists]: 'SN',
  [ErrorCode.DeviceAlreadyRegistered]: 'SN',
  [ErrorCode.DeviceOwnedByOtherTenant]: 'SN',
  [ErrorCode.RegisterMacRequired]: 'MAC',
  [ErrorCode.DeviceMacFormat]: 'MAC',
  [ErrorCode.DeviceMacExists]: 'MAC',
  [ErrorCode.SnMacMismatch]: 'MAC',
  [ErrorCode.DeviceAliasRequired]: 'Alias',
  [ErrorCode.DeviceAliasTooLong]: 'Alias',
  [ErrorCode.DeviceAliasInvalidChars]: 'Alias',
  [ErrorCode.DeviceNameExists]: 'Alias',
  [ErrorCode.DeviceTypeInvalid]: 'Type',
};

/** A field rule from the contract's check: its catalogue code, in the user's language. */
function codeRule(
  check: (value: string | undefined) => number | null,
  lang: Lang,
  optional = false,
): FormRule {
  return {
    validator: (_, value: string | undefined) => {
      if (optional && !value?.trim()) return Promise.resolve();
      const code = check(value);
      return code === null
        ? Promise.resolve()
        : Promise.reject(new Error(errorText(code, lang, { max: DEVICE_ALIAS_MAX })));
    },
  };
}

function useMarkField(form: ReturnType<typeof Form.useForm<Values>>[0]) {
  return (error: unknown) => {
    const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
    if (field) form.setFields([{ name: field, errors: [(error as ApiError).message] }]);
  };
}

/**
 * Registers a device by SN and MAC (POST /v1/device/add), or edits the alias of one (PUT
 * /v1/device/update). The rules are the server's (contract validators) with its texts; a refusal
 * is toasted by the app's policy and marked on its field.
 */
export function DeviceFormModal({ device, onClose }: { device?: DeviceItem; onClose: () => void }) {
  const { t, i18n } = useTranslation('device-list');
  const lang = i18n.language as Lang;
  const [form] = Form.useForm<Values>();
  const add = useAddDevice();
  const update = useUpdateDevice();
  const markField = useMarkField(form);

  const submit = (values: Values) => {
    if (device) {
      update.mutate(
        { _id: device._id, Alias: values.Alias ?? '' },
        {
          onSuccess: () => {
            notify.success(t('message.aliasSaved'));
            onClose();
          },
          onError: markField,
        },
      );
      return;
    }
    add.mutate(
      { SN: values.SN, MAC: values.MAC, Alias: values.Alias?.trim() || undefined, Type: values.Type },
      {
        onSuccess: (item) => {
          notify.success(t('message.added', { sn: item.SN }));
          onClose();
        },
        onError: markField,
      },
    );
  };

  return (
    <Modal
      open
      title={device ? t('form.aliasTitle', { sn: device.SN }) : t('form.addTitle')}
      okText={device ? t('form.save') : t('form.submit')}
      cancelText={t('form.cancel')}
      okButtonProps={{ htmlType: 'submit', 'data-testid': 'device-form-submit' } as ButtonProps}
      confirmLoading={add.isPending || update.isPending}
      onCancel={onClose}
      mask={{ closable: false }}
      modalRender={(dom) => (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={device ? { Alias: device.Alias } : {}}
          onFinish={submit}
          requiredMark
          data-testid="device-form"
        >
          {dom}
        </Form>
      )}
    >
      {!device &&
        (
          [
            ['SN', deviceSnError, 64],
            ['MAC', deviceMacError, 32],
          ] as const
        ).map(([name, check, max]) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`form.${name.toLowerCase()}`)}
            required
            extra={t(`form.${name.toLowerCase()}Hint`)}
            rules={[codeRule(check, lang)]}
          >
            <Input maxLength={max} autoComplete="off" data-testid={`device-form-${name.toLowerCase()}`} />
          </Form.Item>
        ))}
      <Form.Item
        name="Alias"
        label={t('form.alias')}
        required={Boolean(device)}
        extra={device ? undefined : t('form.aliasHint')}
        rules={[codeRule(deviceAliasError, lang, !device)]}
      >
        <Input maxLength={DEVICE_ALIAS_MAX} autoComplete="off" data-testid="device-form-alias" />
      </Form.Item>
      {!device && (
        <Form.Item name="Type" label={t('form.type')} extra={t('form.typeHint')}>
          <Select
            allowClear
            data-testid="device-form-type"
            options={Object.entries(deviceTypeLabels).map(([value, label]) => ({
              value: Number(value),
              label: label[lang],
            }))}
          />
        </Form.Item>
      )}
    </Modal>
  );
}

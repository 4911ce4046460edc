import { useState } from 'react';
import { Alert, Button, Form, InputNumber, Radio, Select, Switch, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  FIRMWARE_DEFAULT_CONCURRENCY,
  FirmwareValidity,
  issueValidityLabels,
  type DeliveryItem,
  type FirmwareDispatchInput,
  type FirmwareItem,
  type Lang,
} from '@netconsole/contract';
import {
  CampaignTimePicker,
  MaintenanceField,
  StagedFields,
} from '#shared/delivery/campaign-form-fields.tsx';
import { useAllImages } from '../api/images.ts';
import { useNewUpgrade } from '../api/upgrades.ts';
import { serverErrors, upgradeErrors, type Errors, type Field } from './upgrade-form-errors.ts';
import { UpgradeTargets } from './upgrade-targets.tsx';

interface Values {
  validity: FirmwareValidity;
  effectiveTime?: Dayjs | null;
  expireTime?: Dayjs | null;
  windowed: boolean;
  windowStart?: Dayjs | null;
  windowEnd?: Dayjs | null;
  staged: boolean;
  firstPercent?: number | null;
  maxFailPercent?: number | null;
  concurrency?: number | null;
  maintenance: boolean;
}

const INITIAL: Values = {
  validity: FirmwareValidity.Permanent,
  windowed: false,
  staged: false,
  firstPercent: 10,
  maxFailPercent: 20,
  maintenance: false,
};

/**
 * The browser's zone: the window's times are read in it for devices whose network has no zone of its
 * own; a network's zone comes first (docs/firmware-upgrades.md, "Window").
 */
export const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An image as its chooser lists it: version first, then what it is for. */
export const imageLabel = (i: Pick<FirmwareItem, 'FWVersion' | 'Model' | 'HWVersion'>) =>
  `${i.FWVersion} · ${i.Model} · ${i.HWVersion}`;

export interface UpgradeFormProps {
  /** An image to start with (`/fwconf/fw?image=<id>` from the library). */
  initialImage: string | null;
  onDone: (item: DeliveryItem) => void;
  onCancel: () => void;
}

/**
 * A new firmware upgrade (POST /v1/config/fw/dispatch): an image, devices of its model and hardware
 * version, the spec's validity (permanent, from a time, a period), an optional daily maintenance
 * window (download at once, flash only inside it), an optional staged start and a concurrency limit.
 * Every refusal shows on its field in the user's language, by the contract's code.
 */
export function UpgradeForm({ initialImage, onDone, onCancel }: UpgradeFormProps) {
  const { t, i18n } = useTranslation('firmware-upgrade');
  const lang = i18n.language as Lang;
  const [form] = Form.useForm<Values>();
  const [imageId, setImageId] = useState<string | null>(initialImage);
  const [devices, setDevices] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const images = useAllImages();
  const create = useNewUpgrade();
  const validity = Form.useWatch('validity', form) ?? INITIAL.validity;
  const windowed = Form.useWatch('windowed', form) ?? INITIAL.windowed;
  const staged = Form.useWatch('staged', form) ?? INITIAL.staged;
  const image = images.data?.find((i) => i._id === imageId) ?? null;

  // Grouped by model and hardware: the devices an image can go to are those of its group.
  const groups = new Map<string, FirmwareItem[]>();
  for (const i of images.data ?? []) {
    const key = `${i.Model} · ${i.HWVersion}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  }
  const options = [...groups].map(([label, list]) => ({
    label,
    title: label,
    options: list.map((i) => ({
      value: i._id,
      name: imageLabel(i),
      label: <span data-testid={`upgrade-image-option-${i.FWVersion}-${i.Model}`}>{imageLabel(i)}</span>,
    })),
  }));

  const status = (field: Field) => (errors[field] ? ('error' as const) : undefined);
  const help = (field: Field) =>
    errors[field] ? <span data-testid={`upgrade-error-${field}`}>{errors[field]}</span> : undefined;
  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  const submit = (values: Values) => {
    const hhmm = (d: Dayjs | null | undefined) => d?.format('HH:mm') ?? '';
    const body: FirmwareDispatchInput = {
      _id: imageId,
      devices,
      Validity: values.validity,
      // A time left empty stays null: the contract refuses it with its code (15033, 15034).
      EffectiveTime:
        values.validity === FirmwareValidity.Permanent ? null : (values.effectiveTime?.valueOf() ?? null),
      ExpireTime: values.validity === FirmwareValidity.Period ? (values.expireTime?.valueOf() ?? null) : null,
      Window: values.windowed
        ? { Start: hhmm(values.windowStart), End: hhmm(values.windowEnd), TimeZone: LOCAL_ZONE }
        : null,
      Staged: values.staged
        ? { firstPercent: values.firstPercent ?? -1, maxFailPercent: values.maxFailPercent ?? -1 }
        : null,
      Concurrency: values.concurrency ?? null,
      Maintenance: values.maintenance,
    };
    const found = upgradeErrors(body, lang);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: (reply) => onDone(reply.list),
      onError: (error) => setErrors(serverErrors(error, lang)),
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={INITIAL}
      onFinish={submit}
      requiredMark
      data-testid="upgrade-form"
    >
      <Form.Item label={t('form.image')} required validateStatus={status('image')} help={help('image')}>
        <Select
          showSearch
          optionFilterProp="name"
          placeholder={t('form.imagePlaceholder')}
          aria-label={t('form.image')}
          loading={images.isFetching}
          value={image ? image._id : undefined}
          options={options}
          notFoundContent={t('form.noImages')}
          onChange={(id: string) => {
            setImageId(id);
            // Another image may be for other devices: the picked ones no longer apply.
            setDevices([]);
            clear('image');
          }}
          data-testid="upgrade-image"
        />
      </Form.Item>
      <Form.Item
        label={t('form.devices')}
        required
        extra={t('form.devicesHint')}
        validateStatus={status('devices')}
        help={help('devices')}
      >
        <UpgradeTargets
          key={image ? `${image.Model}#${image.HWVersion}` : 'none'}
          image={image}
          selected={devices}
          onChange={(ids) => {
            setDevices(ids);
            clear('devices');
          }}
        />
      </Form.Item>
      <Form.Item
        name="validity"
        label={t('form.validity')}
        extra={t(`form.validityHint.${validity}`)}
        validateStatus={status('validity')}
        help={help('validity')}
      >
        <Radio.Group
          optionType="button"
          options={([0, 1, 2] as const).map((v) => ({
            value: v,
            label: issueValidityLabels[v][lang],
          }))}
          data-testid="upgrade-validity"
        />
      </Form.Item>
      {validity !== FirmwareValidity.Permanent && (
        <div className="firmware-form-row">
          <Form.Item
            name="effectiveTime"
            label={t('form.effectiveTime')}
            required={validity === FirmwareValidity.From}
            tooltip={validity === FirmwareValidity.Period ? t('form.effectiveHint') : undefined}
            validateStatus={status('effectiveTime')}
            help={help('effectiveTime')}
          >
            <CampaignTimePicker
              aria-label={t('form.effectiveTime')}
              onChange={() => clear('effectiveTime')}
              data-testid="upgrade-effective-time"
            />
          </Form.Item>
          {validity === FirmwareValidity.Period && (
            <Form.Item
              name="expireTime"
              label={t('form.expireTime')}
              required
              validateStatus={status('expireTime')}
              help={help('expireTime')}
            >
              <CampaignTimePicker
                aria-label={t('form.expireTime')}
                onChange={() => clear('expireTime')}
                data-testid="upgrade-expire-time"
              />
            </Form.Item>
          )}
        </div>
      )}
      <Form.Item
        name="windowed"
        label={t('form.window')}
        valuePropName="checked"
        extra={t('form.windowHint', { zone: LOCAL_ZONE })}
      >
        <Switch aria-label={t('form.window')} data-testid="upgrade-windowed" />
      </Form.Item>
      {windowed && (
        <div className="firmware-form-row">
          <Form.Item
            name="windowStart"
            label={t('form.windowStart')}
            required
            validateStatus={status('windowStart')}
            help={help('windowStart')}
          >
            <TimePicker
              format="HH:mm"
              minuteStep={5}
              aria-label={t('form.windowStart')}
              onChange={() => clear('windowStart')}
              data-testid="upgrade-window-start"
            />
          </Form.Item>
          <Form.Item
            name="windowEnd"
            label={t('form.windowEnd')}
            required
            tooltip={t('form.windowEndHint')}
            validateStatus={status('windowEnd')}
            help={help('windowEnd')}
          >
            <TimePicker
              format="HH:mm"
              minuteStep={5}
              aria-label={t('form.windowEnd')}
              onChange={() => clear('windowEnd')}
              data-testid="upgrade-window-end"
            />
          </Form.Item>
        </div>
      )}
      <StagedFields testId="upgrade" cls="firmware" staged={staged} t={t} status={status} help={help} />
      <MaintenanceField testId="upgrade" />
      <Form.Item
        name="concurrency"
        label={t('form.concurrency')}
        extra={t('form.concurrencyHint', { count: FIRMWARE_DEFAULT_CONCURRENCY })}
        validateStatus={status('concurrency')}
        help={help('concurrency')}
      >
        <InputNumber
          min={1}
          max={1000}
          precision={0}
          placeholder={t('form.defaultLimit', { count: FIRMWARE_DEFAULT_CONCURRENCY })}
          aria-label={t('form.concurrency')}
          data-testid="upgrade-concurrency"
        />
      </Form.Item>
      {errors.form && (
        <Alert
          type="error"
          showIcon
          title={errors.form}
          className="firmware-alert"
          data-testid="upgrade-error-form"
        />
      )}
      <div className="firmware-form-actions">
        <Button onClick={onCancel} data-testid="upgrade-form-cancel">
          {t('form.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="upgrade-submit">
          {t('form.submit')}
        </Button>
      </div>
    </Form>
  );
}

import { useState } from 'react';
import { Alert, Button, Form, Radio, Select, type FormItemProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CONFIG_TYPES,
  type ConfigOption,
  type DeliveryInput,
  type DeliveryItem,
  type Lang,
} from '@netconsole/contract';
import {
  CampaignTimePicker,
  MaintenanceField,
  StagedFields,
} from '#shared/delivery/campaign-form-fields.tsx';
import { useAllProfiles, useNewDelivery } from '../api/deliveries.ts';
import { deliveryErrors, serverErrors, type Errors, type Field } from './delivery-form-errors.ts';
import { DeliveryTargets } from './delivery-targets.tsx';

interface Values {
  when: 'now' | 'later';
  effectiveTime?: Dayjs | null;
  expireTime?: Dayjs | null;
  staged: boolean;
  firstPercent?: number | null;
  maxFailPercent?: number | null;
  maintenance: boolean;
}

const INITIAL: Values = {
  when: 'now',
  staged: false,
  firstPercent: 10,
  maxFailPercent: 20,
  maintenance: false,
};

type TimeItemProps = Omit<FormItemProps<Values>, 'name' | 'children'> & {
  name: 'effectiveTime' | 'expireTime';
  label: string;
  testId: string;
};

/** One of the delivery's two times (effective, expiry): a day from today on, to the minute. */
function TimeItem({ testId, ...item }: TimeItemProps) {
  return (
    <Form.Item<Values> {...item}>
      <CampaignTimePicker aria-label={item.label} data-testid={testId} />
    </Form.Item>
  );
}

export interface DeliveryFormProps {
  onDone: (item: DeliveryItem) => void;
  onCancel: () => void;
}

/**
 * A new delivery (POST /v1/config/newdispatch): a profile (grouped by device type), devices of its
 * type, now or at an effective time, an optional expiry, an optional staged start. Every refusal
 * shows on its field in the user's language, by the contract's code.
 */
export function DeliveryForm({ onDone, onCancel }: DeliveryFormProps) {
  const { t, i18n } = useTranslation('config-delivery');
  const lang = i18n.language as Lang;
  const [form] = Form.useForm<Values>();
  const [profile, setProfile] = useState<string | null>(null);
  const [devices, setDevices] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const profiles = useAllProfiles();
  const create = useNewDelivery();
  const when = Form.useWatch('when', form) ?? INITIAL.when;
  const staged = Form.useWatch('staged', form) ?? INITIAL.staged;

  const byType = (type: number): ConfigOption[] => (profiles.data?.list ?? []).filter((p) => p.Type === type);
  const options = CONFIG_TYPES.filter((type) => byType(type).length > 0).map((type) => ({
    label: t(`form.type.${type}`),
    title: t(`form.type.${type}`),
    options: byType(type).map((p) => ({
      value: p._id,
      label: (
        <span data-testid={`delivery-profile-option-${p.Name}`}>
          {p.Name} · {t('form.revision', { revision: p.Revision })}
        </span>
      ),
      name: p.Name,
    })),
  }));

  const status = (field: Field) => (errors[field] ? ('error' as const) : undefined);
  const help = (field: Field) =>
    errors[field] ? <span data-testid={`delivery-error-${field}`}>{errors[field]}</span> : undefined;

  const submit = (values: Values) => {
    const body: DeliveryInput = {
      _id: profile,
      devices,
      // A value left empty reads as one out of its range (0: not later than now, -1: no share), so the
      // contract's own rules refuse it with their codes beside the other mistakes; a missing number
      // would stop the schema at its type and hide the rest.
      EffectiveTime: values.when === 'later' ? (values.effectiveTime?.valueOf() ?? 0) : null,
      ExpireTime: values.expireTime?.valueOf() ?? null,
      Staged: values.staged
        ? {
            firstPercent: values.firstPercent ?? -1,
            maxFailPercent: values.maxFailPercent ?? -1,
          }
        : null,
      Maintenance: values.maintenance,
    };
    const found = deliveryErrors(body, lang);
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
      data-testid="delivery-form"
    >
      <Form.Item label={t('form.profile')} required validateStatus={status('profile')} help={help('profile')}>
        <Select
          showSearch
          optionFilterProp="name"
          placeholder={t('form.profilePlaceholder')}
          aria-label={t('form.profile')}
          loading={profiles.isFetching}
          value={profile ?? undefined}
          options={options}
          onChange={(id: string) => {
            setProfile(id);
            // A profile of another type lists other devices: the picked ones no longer apply.
            setDevices([]);
            setErrors((e) => ({ ...e, profile: undefined }));
          }}
          data-testid="delivery-profile"
        />
      </Form.Item>
      <Form.Item
        label={t('form.devices')}
        required
        extra={t('form.devicesHint')}
        validateStatus={status('devices')}
        help={help('devices')}
      >
        <DeliveryTargets
          key={profile ?? 'none'}
          profile={profile}
          selected={devices}
          onChange={(ids) => {
            setDevices(ids);
            setErrors((e) => ({ ...e, devices: undefined }));
          }}
        />
      </Form.Item>
      <div className="delivery-form-row">
        <Form.Item name="when" label={t('form.when')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'now', label: t('form.now') },
              { value: 'later', label: t('form.later') },
            ]}
            data-testid="delivery-when"
          />
        </Form.Item>
        {when === 'later' && (
          <TimeItem
            name="effectiveTime"
            label={t('form.effectiveTime')}
            required
            validateStatus={status('effectiveTime')}
            help={help('effectiveTime')}
            testId="delivery-effective-time"
          />
        )}
        <TimeItem
          name="expireTime"
          label={t('form.expireTime')}
          tooltip={t('form.expireHint')}
          validateStatus={status('expireTime')}
          help={help('expireTime')}
          testId="delivery-expire-time"
        />
      </div>
      <StagedFields testId="delivery" cls="delivery" staged={staged} t={t} status={status} help={help} />
      <MaintenanceField testId="delivery" />
      {errors.form && (
        <Alert
          type="error"
          showIcon
          title={errors.form}
          className="delivery-alert"
          data-testid="delivery-error-form"
        />
      )}
      <div className="delivery-form-actions">
        <Button onClick={onCancel} data-testid="delivery-form-cancel">
          {t('form.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="delivery-submit">
          {t('form.submit')}
        </Button>
      </div>
    </Form>
  );
}

import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Switch,
  type FormRule,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BAND_RULES,
  CONFIG_DESCRIPTION_MAX,
  CONFIG_LIMITS,
  CONFIG_NAME_MAX,
  CYCLE_TIME_CHOICES,
  ErrorCode,
  UPLOAD_SWITCHES,
  errorText,
  uploadSwitchLabels,
  type ConfigItem,
  type Lang,
} from '@netconsole/contract';
import { ApiError, errorMessage } from '#shared/api-client.ts';
import { PageSpin } from '#shared/components/page-spin.tsx';
import { notify } from '#shared/notify.ts';
import { useConfig } from '../api/get-config.ts';
import { useSaveConfig } from '../api/save-config.ts';
import {
  initialValues,
  newGroup,
  problemAt,
  profileProblems,
  toProfileBody,
  type FieldName,
  type ProfileFormValues,
} from '../components/profile-form-values.ts';
import { WirelessGroupFields } from '../components/wireless-group-fields.tsx';
import { AP_LIST_PATH } from './paths.ts';
import './config.css';

/**
 * spec §2 /deviceconf/apform (hidden): an AP profile — `?id=` edits one, `?copy=` starts a new one
 * from a copy, neither starts afresh. Every field is checked by the contract's own schema (the
 * server's), its 14xxx text in the user's language beside the field; a refusal of the server shows
 * its message above the buttons (and on the name when it is taken). Saved, it goes back to the list.
 */
export default function ApFormPage() {
  const { t } = useTranslation('config-ap');
  const [search] = useSearchParams();
  const editId = search.get('id');
  const copyId = search.get('copy');
  const source = useConfig(editId ?? copyId);

  if (source.isPending && (editId ?? copyId)) return <PageSpin />;
  if (source.isError)
    return (
      <Card className="config-form-card">
        <Alert
          type="error"
          showIcon
          title={errorMessage(source.error)}
          data-testid="config-form-load-error"
        />
      </Card>
    );
  const item = source.data?.list;
  return (
    <ApForm
      // A refetch (after a save) leaves the typed values alone; another profile starts afresh.
      key={`${editId ?? ''}|${copyId ?? ''}`}
      editing={editId ? item : undefined}
      copyOf={copyId ? item : undefined}
      copyName={(name) => t('form.copyOf', { name }).slice(0, CONFIG_NAME_MAX)}
    />
  );
}

interface ApFormProps {
  /** The profile to edit. */
  editing?: ConfigItem;
  /** The profile a new one starts from. */
  copyOf?: ConfigItem;
  copyName: (name: string) => string;
}

function ApForm({ editing, copyOf, copyName }: ApFormProps) {
  const { t, i18n } = useTranslation('config-ap');
  const lang = i18n.language as Lang;
  const navigate = useNavigate();
  const [form] = Form.useForm<ProfileFormValues>();
  const save = useSaveConfig();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The form is keyed by what it shows: its first values are fixed for its life.
  const [initial] = useState(() =>
    editing
      ? initialValues(editing)
      : copyOf
        ? initialValues(copyOf, copyName(copyOf.Name))
        : initialValues(),
  );
  const kept = editing ? { _id: editing._id, Admin: editing.Admin } : undefined;
  const ipMode = Form.useWatch('IPMode', form) ?? initial.IPMode;
  // `preserve`: the whole rows, also `Band`, which no field holds (the bands are fixed, one row each).
  const radios = (Form.useWatch('Radios', { form, preserve: true }) ??
    initial.Radios) as ProfileFormValues['Radios'];

  /** A field's rule: the contract's schema over the whole form, this field's issue in the user's language. */
  const rule =
    (name: FieldName): FormRule =>
    () => ({
      validator: () => {
        const code = problemAt(profileProblems(form.getFieldsValue(true), kept), name);
        return code === null ? Promise.resolve() : Promise.reject(new Error(errorText(code, lang)));
      },
    });

  const submit = () => {
    setRefusal(null);
    const all = form.getFieldsValue(true) as ProfileFormValues;
    // What no field shows (the list as a whole, the stored schedules) still stops the save, said here.
    const left = profileProblems(all, kept);
    if (left.length > 0) {
      setRefusal(errorText(left[0]!.code, lang));
      return;
    }
    save.mutate(toProfileBody(all, kept), {
      onSuccess: (reply) => {
        notify.success(t(editing ? 'form.message.saved' : 'form.message.added', { name: reply.list.Name }));
        void navigate(AP_LIST_PATH);
      },
      onError: (error) => {
        setRefusal(errorMessage(error));
        if (error instanceof ApiError && error.code === ErrorCode.ConfigNameExists)
          form.setFields([{ name: 'Name', errors: [error.message] }]);
      },
    });
  };

  const cycleChoices = CYCLE_TIME_CHOICES.includes(initial.CycleTime)
    ? CYCLE_TIME_CHOICES
    : [...CYCLE_TIME_CHOICES, initial.CycleTime].sort((a, b) => a - b);

  return (
    <Card
      className="config-form-card"
      title={
        editing
          ? t('form.editTitle', { name: editing.Name, revision: editing.Revision })
          : copyOf
            ? t('form.copyTitle', { name: copyOf.Name })
            : t('form.addTitle')
      }
      data-testid="config-form-page"
    >
      <Form<ProfileFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        requiredMark
        scrollToFirstError
        data-testid="config-form"
      >
        <h3 className="config-form-section">{t('form.section.basics')}</h3>
        <div className="config-form-grid">
          <Form.Item name="Name" label={t('form.name')} required rules={[rule(['Name'])]}>
            <Input maxLength={CONFIG_NAME_MAX} autoComplete="off" data-testid="config-form-name" />
          </Form.Item>
          <Form.Item name="CycleTime" label={t('form.cycleTime')} extra={t('form.cycleTimeHint')}>
            <Select
              data-testid="config-form-cycle"
              options={cycleChoices.map((s) => ({ value: s, label: t('seconds', { count: s }) }))}
            />
          </Form.Item>
        </div>
        <Form.Item name="Description" label={t('form.description')} rules={[rule(['Description'])]}>
          <Input.TextArea
            maxLength={CONFIG_DESCRIPTION_MAX}
            autoSize={{ minRows: 2, maxRows: 4 }}
            data-testid="config-form-description"
          />
        </Form.Item>

        <h3 className="config-form-section">{t('form.section.address')}</h3>
        <Form.Item name="IPMode" label={t('form.ipMode')}>
          <Radio.Group
            options={[
              { value: 'dhcp', label: t('form.dhcp') },
              { value: 'static', label: t('form.static') },
            ]}
            data-testid="config-form-ipmode"
          />
        </Form.Item>
        {ipMode === 'static' && (
          <div className="config-form-grid config-form-grid-3">
            {(['IP', 'NetMask', 'GateWay', 'DNS1', 'DNS2'] as const).map((field) => (
              <Form.Item
                key={field}
                name={field}
                label={t(`form.${field}`)}
                required={field !== 'DNS2'}
                rules={[rule([field])]}
                dependencies={
                  field === 'GateWay' || field === 'IP' ? ['IP', 'NetMask'].filter((f) => f !== field) : []
                }
              >
                <Input
                  maxLength={15}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={field === 'NetMask' ? '255.255.255.0' : undefined}
                  data-testid={`config-form-${field.toLowerCase()}`}
                />
              </Form.Item>
            ))}
          </div>
        )}

        <h3 className="config-form-section">{t('form.section.radios')}</h3>
        <p className="config-form-note">{t('form.radiosHint')}</p>
        <Form.List name="Radios">
          {(fields) =>
            fields.map((field) => {
              const band = radios[field.name]?.Band ?? '2.4';
              const set = Boolean(radios[field.name]?.Set);
              return (
                <div key={field.key} className="config-radio" data-testid={`config-radio-${band}`}>
                  <Form.Item name={[field.name, 'Set']} valuePropName="checked" className="config-radio-set">
                    <Checkbox data-testid={`config-radio-${band}-set`}>
                      {t('form.radio.set', { band })}
                    </Checkbox>
                  </Form.Item>
                  {set && (
                    <div className="config-form-grid config-form-grid-4">
                      <Form.Item
                        name={[field.name, 'Enabled']}
                        label={t('form.radio.enabled')}
                        valuePropName="checked"
                      >
                        <Switch />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'Channel']}
                        label={t('form.radio.channel')}
                        extra={t('form.radio.channelHint')}
                        rules={[rule(['Radios', field.name, 'Channel'])]}
                      >
                        <InputNumber className="config-number" />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'Width']}
                        label={t('form.radio.width')}
                        rules={[rule(['Radios', field.name, 'Width'])]}
                      >
                        <Select
                          options={BAND_RULES[band].widths.map((w) => ({ value: w, label: `${w} MHz` }))}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'TxPower']}
                        label={t('form.radio.txPower')}
                        extra={t('form.radio.txPowerHint')}
                        rules={[rule(['Radios', field.name, 'TxPower'])]}
                      >
                        <InputNumber className="config-number" />
                      </Form.Item>
                    </div>
                  )}
                </div>
              );
            })
          }
        </Form.List>

        <h3 className="config-form-section">{t('form.section.groups', { max: CONFIG_LIMITS.groups })}</h3>
        <Form.List name="Groups">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <WirelessGroupFields
                  key={field.key}
                  form={form}
                  name={field.name}
                  position={index + 1}
                  rule={rule}
                  onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
                />
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add(newGroup())}
                disabled={fields.length >= CONFIG_LIMITS.groups}
                data-testid="config-group-add"
              >
                {t('form.group.add', { count: fields.length, max: CONFIG_LIMITS.groups })}
              </Button>
            </>
          )}
        </Form.List>

        <h3 className="config-form-section">{t('form.section.upload')}</h3>
        <p className="config-form-note">{t('form.uploadHint')}</p>
        <div className="config-upload">
          {UPLOAD_SWITCHES.map((key) => (
            <Form.Item key={key} name={['Upload', key]} valuePropName="checked" noStyle>
              <Checkbox data-testid={`config-upload-${key}`}>{uploadSwitchLabels[key][lang]}</Checkbox>
            </Form.Item>
          ))}
        </div>

        {refusal && (
          <Alert
            type="error"
            showIcon
            title={refusal}
            className="config-form-refusal"
            data-testid="config-form-error"
          />
        )}
        <div className="config-form-actions">
          <Button onClick={() => void navigate(AP_LIST_PATH)} data-testid="config-form-cancel">
            {t('form.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="config-form-submit">
            {t(editing ? 'form.save' : 'form.add')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

import { useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Radio, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONFIG_LIMITS,
  DUPLEX_MODES,
  POE_PRIORITIES,
  PORT_SPEEDS,
  errorText,
  type Lang,
} from '@netconsole/contract';
import {
  newPort,
  portProblems,
  problemAt,
  rangesText,
  type FieldName,
  type PortValues,
} from './profile-form-values.ts';

export interface SwitchPortEditorProps {
  /** The ports being edited, ascending (one or several). */
  ports: number[];
  /** What the profile sets for each of them now (absent: not set yet). */
  current: ReadonlyMap<number, PortValues>;
  /** The settings given to every port edited (a port keeps its own number and, among several, its description). */
  onApply: (values: PortValues) => void;
  /** The profile stops setting these ports: the switch keeps its own settings. */
  onClear: () => void;
  onClose: () => void;
}

/** `auto`, or the speed in Mbit/s written as the industry does (100M, 1G, 2.5G …). */
export function speedText(speed: PortValues['Speed'], auto: string): string {
  if (speed === 'auto') return auto;
  return speed >= 1000 ? `${speed / 1000}G` : `${speed}M`;
}

/**
 * The drawer that edits the ports chosen on the front panel. Each field is checked by the contract's
 * port rule (the server's), its code's text in the user's language beside the field; Apply writes
 * the settings into the profile's form, which is saved with the profile.
 */
export function SwitchPortEditor({ ports, current, onApply, onClear, onClose }: SwitchPortEditorProps) {
  const { t, i18n } = useTranslation('config-switch');
  const lang = i18n.language as Lang;
  const [form] = Form.useForm<PortValues>();
  const several = ports.length > 1;
  const first = ports[0] ?? 1;
  // Several ports start from the first one the profile sets, or from a port as a switch comes.
  const [initial] = useState<PortValues>(
    () => current.get(first) ?? ports.map((p) => current.get(p)).find(Boolean) ?? newPort(first),
  );
  const poe = Form.useWatch(['Poe', 'Mode'], form) ?? initial.Poe.Mode;
  const anySet = ports.some((p) => current.has(p));

  const rule =
    (name: FieldName): FormRule =>
    () => ({
      validator: () => {
        const draft = { ...initial, ...(form.getFieldsValue(true) as PortValues), Port: first };
        const code = problemAt(portProblems(draft), name);
        return code === null ? Promise.resolve() : Promise.reject(new Error(errorText(code, lang)));
      },
    });

  const apply = () => {
    form.validateFields().then(
      () => onApply({ ...initial, ...(form.getFieldsValue(true) as PortValues) }),
      // The fields say what is wrong.
      () => undefined,
    );
  };

  const title = several
    ? t('editor.titleSeveral', { ports: rangesText(ports), count: ports.length })
    : t('editor.title', { n: first });

  return (
    <Drawer
      open
      size={440}
      rootClassName="switch-port-drawer"
      title={title}
      onClose={onClose}
      destroyOnHidden
      data-testid="switch-port-editor"
      footer={
        <div className="switch-port-editor-actions">
          {anySet ? (
            <Button onClick={onClear} data-testid="switch-port-clear">
              {t('editor.clear')}
            </Button>
          ) : null}
          <span className="switch-port-editor-spacer" />
          <Button onClick={onClose} data-testid="switch-port-cancel">
            {t('editor.cancel')}
          </Button>
          <Button type="primary" onClick={apply} data-testid="switch-port-apply">
            {t('editor.apply')}
          </Button>
        </div>
      }
    >
      <p className="config-form-note">{several ? t('editor.severalHint') : t('editor.hint')}</p>
      <Form<PortValues> form={form} layout="vertical" initialValues={initial} onFinish={apply}>
        <Form.Item name="Enabled" label={t('editor.enabled')} valuePropName="checked">
          <Switch data-testid="switch-port-enabled" />
        </Form.Item>
        {!several && (
          <Form.Item name="Description" label={t('editor.description')} rules={[rule(['Description'])]}>
            <Input
              maxLength={CONFIG_LIMITS.portDescription}
              autoComplete="off"
              data-testid="switch-port-description"
            />
          </Form.Item>
        )}
        <div className="config-form-grid">
          <Form.Item name="Speed" label={t('editor.speed')} rules={[rule(['Speed'])]}>
            <Select
              data-testid="switch-port-speed"
              options={PORT_SPEEDS.map((s) => ({ value: s, label: speedText(s, t('editor.auto')) }))}
            />
          </Form.Item>
          <Form.Item
            name="Duplex"
            label={t('editor.duplex')}
            rules={[rule(['Duplex'])]}
            dependencies={['Speed']}
          >
            <Select
              data-testid="switch-port-duplex"
              options={DUPLEX_MODES.map((d) => ({ value: d, label: t(`editor.duplexMode.${d}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="PVID"
            label={t('editor.pvid')}
            extra={t('editor.pvidHint')}
            required
            rules={[rule(['PVID'])]}
          >
            <InputNumber className="config-number" data-testid="switch-port-pvid" />
          </Form.Item>
          <Form.Item
            name="TaggedVlans"
            label={t('editor.tagged')}
            extra={t('editor.taggedHint')}
            rules={[rule(['TaggedVlans'])]}
            dependencies={['PVID']}
          >
            <Input autoComplete="off" placeholder="10, 20, 30-32" data-testid="switch-port-tagged" />
          </Form.Item>
        </div>
        <Form.Item name={['Poe', 'Mode']} label={t('editor.poe')} extra={t('editor.poeHint')}>
          <Radio.Group optionType="button">
            {(['keep', 'on', 'off'] as const).map((m) => (
              <Radio.Button key={m} value={m}>
                {/* The radio's own input is hidden: a test clicks the label's text. */}
                <span data-testid={`switch-port-poe-${m}`}>{t(`editor.poeMode.${m}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {poe === 'on' && (
          <div className="config-form-grid">
            <Form.Item name={['Poe', 'Priority']} label={t('editor.poePriority')}>
              <Select
                data-testid="switch-port-poe-priority"
                options={POE_PRIORITIES.map((p) => ({
                  value: p,
                  label: t(`editor.priority.${p}`),
                  'data-testid': `switch-port-poe-priority-${p}`,
                }))}
              />
            </Form.Item>
            <Form.Item
              name={['Poe', 'MaxW']}
              label={t('editor.poeMaxW')}
              extra={t('editor.poeMaxWHint')}
              rules={[rule(['Poe', 'MaxW'])]}
            >
              <InputNumber className="config-number" data-testid="switch-port-poe-maxw" />
            </Form.Item>
          </div>
        )}
      </Form>
    </Drawer>
  );
}

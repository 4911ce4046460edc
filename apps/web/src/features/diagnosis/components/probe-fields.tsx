import type { ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Radio, Select, Space, type FormItemProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DIAG_COUNT_MAX,
  DIAG_RADIUS_MAX,
  DIAG_SIZE_MAX,
  DIAG_SIZE_MIN,
  DIAG_TARGETS_MAX,
  diagnosticTypeLabels,
  RADIUS_DEFAULT_PORTS,
  type DiagnosisKind,
  type Lang,
} from '@netconsole/contract';
import type { Field } from './dispatch-errors.ts';

/** Typed targets split on commas, semicolons and spaces (a pasted list becomes tags). */
const SEPARATORS = [',', ';', ' ', '\n'];

export interface RadiusRow {
  Host: string;
  AuthPort: number | null;
  AcctPort: number | null;
}

/** The form fields ProbeFields names. */
export interface ProbeValues {
  targets: string[];
  type: 1 | 2;
  count: number | null;
  size: number | null;
  portalUrl: string;
  radius: RadiusRow[];
}

export interface ProbeFieldsProps {
  kind: DiagnosisKind;
  testId: string;
  status: (field: Field) => FormItemProps['validateStatus'];
  help: (field: Field) => ReactNode;
  clear: (field: Field) => void;
}

/**
 * What a diagnosis probes, inside a Form whose fields are ProbeValues: for a network diagnosis the
 * targets (tags) and ping or MTR, for a portal diagnosis the portal page and up to two RADIUS
 * servers; then packet count and size. Shared by the diagnosis forms and the timer dialog.
 */
export function ProbeFields({ kind, testId, status, help, clear }: ProbeFieldsProps) {
  const { t, i18n } = useTranslation('diagnosis-common');
  const lang = i18n.language as Lang;
  return (
    <>
      {kind === 'network' ? (
        <>
          <Form.Item
            name="targets"
            label={t('form.targets')}
            required
            extra={t('form.targetsHint', { max: DIAG_TARGETS_MAX })}
            validateStatus={status('targets')}
            help={help('targets')}
          >
            <Select
              mode="tags"
              tokenSeparators={SEPARATORS}
              open={false}
              suffixIcon={null}
              placeholder={t('form.targetsPlaceholder')}
              aria-label={t('form.targets')}
              onChange={() => clear('targets')}
              data-testid={`${testId}-targets`}
            />
          </Form.Item>
          <Form.Item name="type" label={t('form.type')} extra={t('form.typeHint')}>
            <Radio.Group
              optionType="button"
              options={([1, 2] as const).map((v) => ({ value: v, label: diagnosticTypeLabels[v][lang] }))}
              data-testid={`${testId}-type`}
            />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item
            name="portalUrl"
            label={t('form.portalUrl')}
            extra={t('form.portalUrlHint')}
            validateStatus={status('portalUrl')}
            help={help('portalUrl')}
          >
            <Input
              placeholder="https://portal.example.com/login"
              aria-label={t('form.portalUrl')}
              onChange={() => clear('portalUrl')}
              data-testid={`${testId}-url`}
            />
          </Form.Item>
          <Form.Item
            label={t('form.radius')}
            extra={t('form.radiusHint', {
              auth: RADIUS_DEFAULT_PORTS.auth,
              acct: RADIUS_DEFAULT_PORTS.acct,
            })}
            validateStatus={status('radius')}
            help={help('radius')}
          >
            <Form.List name="radius">
              {(fields, { add, remove }) => (
                <div className="diag-radius">
                  {fields.map((field, i) => (
                    <Space.Compact key={field.key} className="diag-radius-row" block>
                      <Form.Item name={[field.name, 'Host']} noStyle>
                        <Input
                          placeholder={t('form.radiusHost')}
                          aria-label={`${t('form.radiusHost')} ${i + 1}`}
                          onChange={() => clear('radius')}
                          data-testid={`${testId}-radius-host-${i}`}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'AuthPort']} noStyle>
                        <InputNumber
                          className="diag-port"
                          precision={0}
                          placeholder={String(RADIUS_DEFAULT_PORTS.auth)}
                          aria-label={`${t('form.authPort')} ${i + 1}`}
                          onChange={() => clear('radius')}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'AcctPort']} noStyle>
                        <InputNumber
                          className="diag-port"
                          precision={0}
                          placeholder={String(RADIUS_DEFAULT_PORTS.acct)}
                          aria-label={`${t('form.acctPort')} ${i + 1}`}
                          onChange={() => clear('radius')}
                        />
                      </Form.Item>
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('form.radiusRemove')}
                        onClick={() => {
                          remove(field.name);
                          clear('radius');
                        }}
                      />
                    </Space.Compact>
                  ))}
                  {fields.length < DIAG_RADIUS_MAX && (
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      onClick={() => add({ Host: '', AuthPort: null, AcctPort: null })}
                      data-testid={`${testId}-radius-add`}
                    >
                      {t('form.radiusAdd')}
                    </Button>
                  )}
                </div>
              )}
            </Form.List>
          </Form.Item>
        </>
      )}
      <div className="diag-form-row">
        <Form.Item
          name="count"
          label={t('form.count')}
          extra={t('form.countHint', { max: DIAG_COUNT_MAX })}
          validateStatus={status('count')}
          help={help('count')}
        >
          {/* Not clamped: a count out of range shows spec §5's message instead of changing silently. */}
          <InputNumber
            precision={0}
            aria-label={t('form.count')}
            onChange={() => clear('count')}
            data-testid={`${testId}-count`}
          />
        </Form.Item>
        <Form.Item
          name="size"
          label={t('form.size')}
          extra={t('form.sizeHint', { min: DIAG_SIZE_MIN, max: DIAG_SIZE_MAX })}
          validateStatus={status('size')}
          help={help('size')}
        >
          <InputNumber
            precision={0}
            aria-label={t('form.size')}
            onChange={() => clear('size')}
            data-testid={`${testId}-size`}
          />
        </Form.Item>
      </div>
    </>
  );
}

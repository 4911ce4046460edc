// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { stubMatchMedia } from '#shared/test/match-media.ts';
import en from './locales/en.json';
import zh from './locales/zh.json';
import { MaintenanceField } from './campaign-form-fields.tsx';

/** The field in a form as the delivery and upgrade forms hold it: submitted values go to `spy`. */
function Harness({ spy }: { spy: (values: { maintenance?: boolean }) => void }) {
  return (
    <Form onFinish={spy} initialValues={{ maintenance: false }}>
      <MaintenanceField testId="delivery" />
      <Button htmlType="submit">Submit</Button>
    </Form>
  );
}

beforeAll(async () => {
  stubMatchMedia();
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { delivery: en }, zh: { delivery: zh } },
    defaultNS: 'delivery',
    showSupportNotice: false,
  });
});

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('<MaintenanceField>', () => {
  it('is off by default and submits `maintenance` once ticked', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    const box = screen.getByRole('checkbox', {
      name: 'Mute alarm notifications of these networks while it runs',
    });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    expect(spy.mock.calls[0]![0]).toEqual({ maintenance: false });
    fireEvent.click(box);
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
    expect(spy.mock.calls[1]![0]).toEqual({ maintenance: true });
  });

  it('says how long the window lasts, in both languages', async () => {
    render(<Harness spy={() => undefined} />);
    expect(screen.getByText(/without one 2 hours, 48 hours for an upgrade with a daily window/)).toBeTruthy();
    expect(screen.getByText(/closes 10 minutes after the delivery ended/)).toBeTruthy();
    cleanup();
    await i18next.changeLanguage('zh');
    render(<Harness spy={() => undefined} />);
    expect(screen.getByRole('checkbox', { name: '执行期间暂停这些网络的告警通知' })).toBeTruthy();
    expect(screen.getByText(/未设置时为 2 小时，带每日升级时段的固件升级为 48 小时/)).toBeTruthy();
  });
});

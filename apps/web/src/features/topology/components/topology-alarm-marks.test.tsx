// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { stubMatchMedia } from '#shared/test/match-media.ts';
import en from '../locales/view/en.json';
import zh from '../locales/view/zh.json';
import { node } from './topology-fixture.ts';
import { ALARM_LEVEL_COLORS, type NodeAlarms } from './topology-alarms.ts';
import { markPlace, markScale, TopologyAlarmMarks } from './topology-alarm-marks.tsx';
import { symbolSize } from './topology-option.ts';

const ap = node('A1', 2, [], { Alias: 'Lobby AP', Status: 'Offline' });
const sw = node('S', 1, [node('A2', 2)], { Alias: 'Core' });
const two: NodeAlarms = {
  count: 2,
  worst: 3,
  names: [
    { en: 'Device offline', zh: '设备离线' },
    { en: 'Loop detected', zh: '环路' },
  ],
};
const one: NodeAlarms = { count: 1, worst: 1, names: [{ en: 'Port down', zh: '端口断开' }] };

beforeAll(async () => {
  stubMatchMedia();
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { 'topology-view': en }, zh: { 'topology-view': zh } },
    defaultNS: 'topology-view',
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('markPlace', () => {
  it('puts the mark on the symbol’s top right corner', () => {
    const [w, h] = symbolSize(sw);
    expect(markPlace(sw, one, { x: 100, y: 50 })).toMatchObject({ x: 100 + w / 2, y: 50 - h / 2 });
    expect(w).toBeGreaterThan(h);
  });

  it('shrinks a mark less than the drawing when it is fitted small, never beyond twice', () => {
    expect(markScale(1.5)).toBe(1);
    expect(markScale(0.6)).toBe(1);
    expect(markScale(0.4)).toBeCloseTo(1.5);
    expect(markScale(0.1)).toBe(2);
  });
});

describe('<TopologyAlarmMarks>', () => {
  it('names each marked node with its count and alarms, coloured by the worst level', () => {
    render(
      <TopologyAlarmMarks
        places={[markPlace(ap, two, { x: 40, y: 60 }), markPlace(sw, one, { x: 200, y: 60 })]}
      />,
    );
    const apMark = screen.getByRole('img', {
      name: 'Lobby AP: 2 open alarms (Device offline, Loop detected)',
    });
    expect(apMark.dataset.testid).toBe('topology-alarm-SNA1');
    expect(apMark.dataset.worst).toBe('3');
    expect(apMark.style.color).toBe(hexToRgb(ALARM_LEVEL_COLORS[3]!));
    expect(apMark.style.left).toBe(`${40 + symbolSize(ap)[0] / 2}px`);
    expect(apMark.tabIndex).toBe(0);
    const swMark = screen.getByRole('img', { name: 'Core: 1 open alarm (Port down)' });
    expect(swMark.style.color).toBe(hexToRgb(ALARM_LEVEL_COLORS[1]!));
  });

  it('says it in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh'));
    render(<TopologyAlarmMarks places={[markPlace(ap, two, { x: 40, y: 60 })]} />);
    expect(screen.getByRole('img', { name: 'Lobby AP：2 条未恢复告警（设备离线、环路）' })).toBeTruthy();
  });

  it('draws nothing without marks', () => {
    render(<TopologyAlarmMarks places={[]} />);
    expect(screen.queryByTestId('topology-alarm-marks')).toBeNull();
  });
});

/** jsdom reports colours as rgb(). */
function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

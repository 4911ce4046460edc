// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import texts from '../locales/switch/en.json';
import { stubMatchMedia } from '#shared/test/match-media.ts';
import { newPort, type PortValues } from './profile-form-values.ts';
import { SwitchPortsField } from './switch-ports-field.tsx';

/** The field as the form holds it: what it reports is what it shows next. */
function Harness({ start, seen }: { start: PortValues[]; seen: PortValues[][] }) {
  const [ports, setPorts] = useState(start);
  return (
    <SwitchPortsField
      value={ports}
      onChange={(next) => {
        seen.push(next);
        setPorts(next);
      }}
    />
  );
}

const stateOf = (n: number) => screen.getByTestId(`switch-port-${n}`).getAttribute('data-state');

describe('the switch front panel', () => {
  beforeAll(async () => {
    stubMatchMedia();
    await i18next
      .use(initReactI18next)
      .init({ lng: 'en', resources: { en: { 'config-switch': texts } }, showSupportNotice: false });
  });
  afterEach(cleanup);

  it('draws 24 ports in two rows, odd above even, the ones the profile sets by state', () => {
    render(<Harness start={[{ ...newPort(2), Enabled: false }]} seen={[]} />);
    const rows = document.querySelectorAll('.switch-panel-row');
    expect([...rows[0]!.querySelectorAll('button')].map((b) => b.textContent)).toEqual(
      Array.from({ length: 12 }, (_, i) => String(2 * i + 1)),
    );
    expect(rows[1]!.querySelectorAll('button')).toHaveLength(12);
    expect(stateOf(2)).toBe('disabled');
    expect(stateOf(1)).toBe('unset');
    expect(screen.getByTestId('switch-port-2').getAttribute('aria-label')).toBe('Port 2, Off');
  });

  it('sets one port from its editor: PoE on with a power limit', async () => {
    const seen: PortValues[][] = [];
    render(<Harness start={[]} seen={seen} />);
    fireEvent.click(screen.getByTestId('switch-port-3'));
    fireEvent.click(await screen.findByTestId('switch-port-poe-on'));
    fireEvent.change(await screen.findByTestId('switch-port-poe-maxw'), { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('switch-port-apply'));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual([{ ...newPort(3), Poe: { Mode: 'on', Priority: 'low', MaxW: 15 } }]);
    expect(stateOf(3)).toBe('poe');
    expect(screen.getByTestId('switch-ports-summary').textContent).toContain('sets port 3');
  });

  it('refuses a bad PVID in the editor and changes nothing', async () => {
    const seen: PortValues[][] = [];
    render(<Harness start={[]} seen={seen} />);
    fireEvent.click(screen.getByTestId('switch-port-5'));
    fireEvent.change(await screen.findByTestId('switch-port-pvid'), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('switch-port-apply'));
    await screen.findByText('The VLAN ID must be from 2 to 4094', { exact: false });
    expect(seen).toEqual([]);
  });

  it('gives several selected ports the same settings, each keeping its description, and unsets them', async () => {
    const seen: PortValues[][] = [];
    render(<Harness start={[{ ...newPort(2), Description: 'AP lobby' }]} seen={seen} />);
    fireEvent.click(screen.getByTestId('switch-panel-several'));
    fireEvent.click(screen.getByTestId('switch-port-2'));
    fireEvent.click(screen.getByTestId('switch-port-4'));
    expect(screen.getByTestId('switch-port-4').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('switch-panel-edit'));
    fireEvent.click(await screen.findByTestId('switch-port-enabled'));
    fireEvent.click(screen.getByTestId('switch-port-apply'));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual([
      { ...newPort(2), Description: 'AP lobby', Enabled: false },
      { ...newPort(4), Enabled: false },
    ]);

    // Shift-click selects a range; "Do not set" hands the ports back to the switch.
    fireEvent.click(screen.getByTestId('switch-panel-several'));
    fireEvent.click(screen.getByTestId('switch-port-2'), { ctrlKey: true });
    fireEvent.click(screen.getByTestId('switch-port-4'), { shiftKey: true });
    fireEvent.click(screen.getByTestId('switch-panel-edit'));
    fireEvent.click(await screen.findByTestId('switch-port-clear'));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toEqual([]);
    expect(stateOf(2)).toBe('unset');
  });
});

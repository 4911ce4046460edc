import { describe, expect, it } from 'vitest';
import {
  NOTHING_CHOSEN,
  addDevicesBody,
  nextStep,
  resetBody,
  selectAll,
  toggle,
  type ChosenDevice,
} from './wizard-state.ts';

const dev = (id: string): ChosenDevice => ({ _id: id, SN: `SN${id}`, Alias: `dev ${id}` });
const [r1, r2, s1, s2, a1] = ['r1', 'r2', 's1', 's2', 'a1'].map(dev) as [
  ChosenDevice,
  ChosenDevice,
  ChosenDevice,
  ChosenDevice,
  ChosenDevice,
];

describe('toggle', () => {
  it('keeps one gateway: another replaces it, the same one again deselects it', () => {
    let c = toggle(NOTHING_CHOSEN, 'gateway', r1);
    expect(c.gateway).toEqual(r1);
    c = toggle(c, 'gateway', r2);
    expect(c.gateway).toEqual(r2);
    c = toggle(c, 'gateway', r2);
    expect(c.gateway).toBeNull();
  });

  it('adds and removes switches and APs one by one', () => {
    let c = toggle(NOTHING_CHOSEN, 'switch', s1);
    c = toggle(c, 'switch', s2);
    c = toggle(c, 'ap', a1);
    expect(c.switches.map((d) => d._id)).toEqual(['s1', 's2']);
    c = toggle(c, 'switch', s1);
    expect(c.switches.map((d) => d._id)).toEqual(['s2']);
    expect(c.aps).toEqual([a1]);
  });
});

describe('selectAll', () => {
  it('refuses the gateway type (select-type warning)', () => {
    expect(selectAll(NOTHING_CHOSEN, 'gateway', [r1, r2])).toBe('select-type');
  });

  it('chooses every listed device, and clears them when all were chosen', () => {
    const c = selectAll(toggle(NOTHING_CHOSEN, 'switch', s1), 'switch', [s1, s2]);
    expect(c).not.toBe('select-type');
    if (c === 'select-type') return;
    expect(c.switches.map((d) => d._id)).toEqual(['s1', 's2']);
    const cleared = selectAll(c, 'switch', [s1, s2]);
    expect(cleared !== 'select-type' && cleared.switches).toEqual([]);
  });
});

describe('nextStep and the bodies', () => {
  it('finishes with a gateway, which becomes the main device', () => {
    const c = toggle(toggle(toggle(NOTHING_CHOSEN, 'gateway', r1), 'switch', s1), 'ap', a1);
    expect(nextStep(c)).toBe('finish');
    expect(addDevicesBody('n1', c, null)).toEqual({
      _id: 'n1',
      gateWayList: ['r1'],
      mainList: ['r1'],
      switchList: ['s1'],
      apList: ['a1'],
    });
    expect(resetBody(c, null)).toEqual({ SN: 'SNr1', devices: ['SNr1', 'SNs1', 'SNa1'] });
  });

  it('goes on to the main device with switches only', () => {
    const c = toggle(toggle(NOTHING_CHOSEN, 'switch', s1), 'switch', s2);
    expect(nextStep(c)).toBe('choose-main');
    expect(addDevicesBody('n1', c, 's2')).toMatchObject({ gateWayList: [], mainList: ['s2'] });
    expect(resetBody(c, 's2')).toEqual({ SN: 'SNs2', devices: ['SNs1', 'SNs2'] });
  });

  it('asks to confirm with nothing, and needs a main device before APs', () => {
    expect(nextStep(NOTHING_CHOSEN)).toBe('confirm-empty');
    expect(resetBody(NOTHING_CHOSEN, null)).toBeNull();
    expect(addDevicesBody('n1', NOTHING_CHOSEN, null)).toEqual({
      _id: 'n1',
      gateWayList: [],
      mainList: [],
      switchList: [],
      apList: [],
    });
    expect(nextStep(toggle(NOTHING_CHOSEN, 'ap', a1))).toBe('main-required');
  });
});

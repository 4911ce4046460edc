import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

/** WCAG 2 contrast of a colour (hex or rgba, alpha blended) over an opaque background. */
function contrast(fg: string, bg: string): number {
  const channels = (colour: string): number[] => {
    if (colour.startsWith('#')) {
      return [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255).concat(1);
    }
    const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    return [r / 255, g / 255, b / 255, a];
  };
  const back = channels(bg);
  const front = channels(fg);
  const alpha = front[3]!;
  const mixed = [0, 1, 2].map((i) => front[i]! * alpha + back[i]! * (1 - alpha));
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(mixed), luminance(back)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const token = antdTheme.getDesignToken(theme) as unknown as Record<string, string>;
/** White cards, the layout's body and antd's table heads: where secondary text sits. */
const BACKGROUNDS = ['#ffffff', '#f5f7fb', '#fafafa'];
const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'gold',
  'lime',
];

describe('theme tokens reach WCAG AA text contrast (4.5:1)', () => {
  it.each(['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextLabel'])(
    '%s on white and the light greys',
    (name) => {
      for (const bg of BACKGROUNDS)
        expect(contrast(token[name]!, bg), `${name} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['Success', 'Error', 'Warning', 'Info'])(
    '%s: a status tag’s text on its tint, and on white',
    (status) => {
      const text = token[`color${status}`]!;
      expect(contrast(text, token[`color${status}Bg`]!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(PRESETS)('a %s tag: its text (shade 7) on its background (shade 1)', (name) => {
    expect(contrast(token[`${name}7`]!, token[`${name}1`]!)).toBeGreaterThanOrEqual(4.5);
  });

  it('an empty table’s text', () => {
    const table = theme.components?.Table as Record<string, string> | undefined;
    expect(contrast(table?.colorTextDisabled ?? token.colorTextDisabled!, '#ffffff')).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it('links, and white text on primary buttons', () => {
    expect(contrast(token.colorLink!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', token.colorPrimary!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', token.colorError!)).toBeGreaterThanOrEqual(4.5);
  });

  it('hovered buttons and links: their text on white, and white on their background', () => {
    for (const name of ['colorPrimaryHover', 'colorLinkHover', 'colorErrorHover'] as const) {
      expect(contrast(token[name]!, '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast('#ffffff', token[name]!), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});

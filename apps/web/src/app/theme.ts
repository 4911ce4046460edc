import type { ThemeConfig } from 'antd';

/**
 * Text colours that reach WCAG AA (4.5:1) on white and on the console's light greys (#f5f7fb body,
 * #fafafa table heads). antd's defaults do not: its tertiary and description text
 * (rgba(0,0,0,0.45), 3.3:1), its success, error, warning and info colours used as text in tags,
 * form messages and danger buttons (1.8–3.7:1 on their tints), and the 7th shade of several preset
 * palettes that coloured tags write their text in. Fixed here, once, rather than page by page.
 */
export const TEXT_SECONDARY = 'rgba(0, 0, 0, 0.65)';
export const TEXT_TERTIARY = 'rgba(0, 0, 0, 0.6)';

/** Preset colours whose 7th shade (a coloured tag's text, on its 1st shade) is below 4.5:1. */
const PRESET_TEXT = {
  green: '#237804',
  cyan: '#006d75',
  gold: '#9a5f00',
  orange: '#ad4e00',
  volcano: '#ad2102',
  yellow: '#876800',
  lime: '#3f6600',
} as const;

const presetTokens = Object.fromEntries(
  Object.entries(PRESET_TEXT).flatMap(([name, colour]) => [
    [`${name}7`, colour],
    [`${name}-7`, colour],
  ]),
);

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1668dc',
    // Hovered default buttons and links take the hover colour as their text; antd's derived one is
    // lighter (#3c89e8, 3.5:1 on white), so hover darkens instead. Primary buttons' white text on
    // it gains contrast too.
    colorPrimaryHover: '#0f55b8',
    colorLinkHover: '#0f55b8',
    colorErrorHover: '#a8071a',
    // antd's own info blue (#1677ff) is 4.1:1 on white; links and "processing" tags use it.
    colorInfo: '#1668dc',
    colorTextSecondary: TEXT_SECONDARY,
    colorTextTertiary: TEXT_TERTIARY,
    colorTextDescription: TEXT_TERTIARY,
    // Status colours dark enough to be text; their tints stay antd's light ones (a darker seed
    // would otherwise derive greyish backgrounds).
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorWarning: '#9a5f00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    ...presetTokens,
    borderRadius: 6,
  },
  components: {
    Layout: { headerBg: '#0b1d3a', headerHeight: 56, headerPadding: '0 16px', bodyBg: '#f5f7fb' },
    // An empty table says so in antd's disabled grey (1.8:1): it is text to read, not a disabled control.
    Table: { colorTextDisabled: TEXT_TERTIARY },
  },
};

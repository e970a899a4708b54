/** The theme colour when the settings have none (spec: settings, theme colour). */
export const DEFAULT_THEME_COLOR = '#3399fe';

/** WCAG AA contrast for normal text. */
const AA = 4.5;

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The settings' colour when it is a #rrggbb colour, else the default. */
export function themeColorOf(setting: string | null | undefined): string {
  return setting && HEX.test(setting) ? setting.toLowerCase() : DEFAULT_THEME_COLOR;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The theme colour as the pages use it for text, links, selected items and buttons with white
 * text: the settings colour itself when it already contrasts 4.5:1 with white (WCAG AA), else
 * the same hue darkened (mixed with black) just enough to. The default #3399fe becomes #2877c6.
 * `ratio` asks for more contrast (text on a light tint of the colour, as a selected menu item).
 */
export function accessibleThemeColor(setting: string | null | undefined, ratio = AA): string {
  const color = themeColorOf(setting);
  const rgb = channels(color);
  for (let keep = 1; keep > 0; keep -= 0.01) {
    const shade = toHex(rgb.map((c) => c * keep) as [number, number, number]);
    if (contrastRatio(shade, '#ffffff') >= ratio) return shade;
  }
  return '#000000';
}

import { describe, expect, it } from 'vitest';
import { accessibleThemeColor, contrastRatio, DEFAULT_THEME_COLOR, themeColorOf } from './theme.ts';

describe('theme colour', () => {
  it('takes the settings colour when it is #rrggbb, else the default', () => {
    expect(themeColorOf('#72122D')).toBe('#72122d');
    for (const bad of ['', null, undefined, 'red', '#fff', '#12345g', 'url(x)']) {
      expect(themeColorOf(bad)).toBe(DEFAULT_THEME_COLOR);
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#3399fe', '#ffffff')).toBeCloseTo(2.97, 1);
  });

  it('darkens a light colour just enough for AA text on white and white text on it', () => {
    const shade = accessibleThemeColor('#3399fe');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, '#ffffff')).toBeLessThan(4.8);
    // Same hue: each channel scaled by one factor.
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(shade.slice(i, i + 2), 16));
    expect(b! / 0xfe).toBeCloseTo(g! / 0x99, 1);
    expect(r! / 0x33).toBeCloseTo(b! / 0xfe, 1);
  });

  it('darkens further on request, for text on a tint of the colour', () => {
    expect(contrastRatio(accessibleThemeColor('#3399fe', 7), '#ffffff')).toBeGreaterThanOrEqual(7);
    expect(contrastRatio(accessibleThemeColor('#3399fe', 7), '#e6f4ff')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already contrasts enough', () => {
    expect(accessibleThemeColor('#72122d')).toBe('#72122d');
    expect(accessibleThemeColor('#ffffff')).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(accessibleThemeColor('#ffff00'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

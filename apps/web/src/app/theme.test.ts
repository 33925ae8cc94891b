import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme, variantColorResolver } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const colorOf = (variant: string, color: string) => variantColorResolver({ color, theme: merged, variant }).color;

/** The WCAG contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the theme’s colours', () => {
  it('has a shade 9 of orange readable as text on white and on striped or hovered table rows', () => {
    const orange9 = merged.colors.orange[9];
    for (const background of ['#ffffff', merged.colors.gray[0], merged.colors.gray[1], merged.colors.gray[2]]) {
      expect(contrast(orange9, background), `${orange9} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
    // The other shades stay Mantine's.
    expect(merged.colors.orange.slice(0, 9)).toEqual(DEFAULT_THEME.colors.orange.slice(0, 9));
  });
});

describe('the theme’s variant colours', () => {
  it('writes a subtle or transparent button in the shade it is given (Mantine caps it at 6: red.9 was #fa5252)', () => {
    expect(colorOf('subtle', 'red.9')).toBe('var(--mantine-color-red-9)');
    expect(colorOf('transparent', 'orange.9')).toBe('var(--mantine-color-orange-9)');
  });

  it('leaves the other variants and colours without a shade as Mantine has them', () => {
    expect(colorOf('subtle', 'red')).toBe('var(--mantine-color-red-light-color)');
    expect(colorOf('filled', 'red.9')).toBe('var(--mantine-color-white)');
    expect(colorOf('outline', 'gray.8')).toBe('var(--mantine-color-gray-8)');
  });
});

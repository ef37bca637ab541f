import { DEFAULT_PICKER_COLOR } from '@kids-vod/contract';

const HEX = /^#[0-9a-f]{6}$/i;

export const isHexColour = (value: string): boolean => HEX.test(value);

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const DARK_TEXT = '#141517';
export const LIGHT_TEXT = '#ffffff';

/** Text on a coloured surface: dark or light, whichever reads better. */
export function readableTextColour(background: string): string {
  const bg = isHexColour(background) ? background : DEFAULT_PICKER_COLOR;
  return contrastRatio(bg, DARK_TEXT) >= contrastRatio(bg, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}

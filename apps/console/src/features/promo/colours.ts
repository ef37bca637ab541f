import { contrastRatio, DEFAULT_PICKER_COLOR } from '@kids-vod/contract';

const HEX = /^#[0-9a-f]{6}$/i;

export const isHexColour = (value: string): boolean => HEX.test(value);

export const DARK_TEXT = '#141517';
export const LIGHT_TEXT = '#ffffff';

/** Text on a coloured surface: dark or light, whichever reads better. */
export function readableTextColour(background: string): string {
  const bg = isHexColour(background) ? background : DEFAULT_PICKER_COLOR;
  return contrastRatio(bg, DARK_TEXT) >= contrastRatio(bg, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}

/**
 * Text on light orange and green badges (and warnings in running text): Mantine's orange 9 and green 9 are below
 * 4.5:1 there in light mode, these darker shades pass; the dark mode shades 3 pass as they are.
 */
export const WARNING_TEXT = 'light-dark(#9a3412, var(--mantine-color-orange-3))';
export const SUCCESS_TEXT = 'light-dark(#166534, var(--mantine-color-green-3))';

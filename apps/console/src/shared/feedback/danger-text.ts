/** Red text that keeps 4.5:1 on the page in both colour modes (Mantine's red 6 does not on white, red 8 not on dark). */
export const DANGER_TEXT = 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))';

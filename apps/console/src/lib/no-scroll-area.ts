/**
 * Stands in for Mantine's ScrollArea inside Table.ScrollContainer, whose every use the theme makes `native` (see
 * `tableScrollWithoutScrollArea` in vite.config.ts): the container only draws it for `type="scrollarea"`.
 */
export const ScrollArea = 'div';

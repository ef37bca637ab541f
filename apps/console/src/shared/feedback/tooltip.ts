// The one module that brings Mantine's Tooltip (and Floating UI with it); lazy-tooltip.tsx loads it after the page.
export { Tooltip } from '@mantine/core';

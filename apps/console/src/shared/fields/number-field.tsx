import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A number field that keeps what was typed: no clamping into range, no minus sign or decimal point dropped (which
 * turned -5 into 5 and 1.5 into 15). The form's validation then refuses a bad number under the field with why.
 */
export function NumberField(props: NumberInputProps) {
  return <NumberInput allowDecimal allowNegative clampBehavior="none" {...props} />;
}

/** A number field holds '' while empty: sent as left out. */
export const numberOrUndefined = (value: number | string): number | undefined =>
  value === '' ? undefined : Number(value);

/** Where an item stands in its list: lower numbers come first. */
export function SortField({ label = 'Sort', ...props }: NumberInputProps) {
  return <NumberField label={label} description="Lower numbers come first" {...props} />;
}

import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useDatePickerProps } from './date-picker.ts';

/** Dates are picked en-GB (weeks from Monday, set by DatesProvider) and kept as yyyy-MM-dd, as they are sent. */
const DATE_FORMAT = 'DD/MM/YYYY';
// The picker's placeholder is text, not a native placeholder, and Mantine's placeholder grey is below 4.5:1.
const DATE_STYLES = { placeholder: { color: 'var(--mantine-color-dimmed)' } };

/** A calendar date that may be left empty ("Any time", "No end"), accessible and en-GB. */
export function DateField({ label, ...props }: DatePickerInputProps<'default'> & { label: string }) {
  const picker = useDatePickerProps();
  return (
    <DatePickerInput
      {...picker}
      label={label}
      valueFormat={DATE_FORMAT}
      styles={DATE_STYLES}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      leftSection={<IconCalendar size={16} aria-hidden />}
      {...props}
    />
  );
}

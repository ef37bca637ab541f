import type { DatePickerInputProps } from '@mantine/dates';
import { DateField } from './date-field.tsx';

/** One end of a span of days: a DateField's props (a form's getInputProps, or the address's value). */
type SpanEnd = DatePickerInputProps<'default'> & { label: string };

/**
 * A span of days, either end left open ("Any time", "No end"): the start cannot be picked after the end, nor the end
 * before the start.
 */
export function DateSpan({ start, end, w }: { start: SpanEnd; end: SpanEnd; w?: number }) {
  return (
    <>
      <DateField w={w} maxDate={end.value ?? undefined} {...start} />
      <DateField w={w} minDate={start.value ?? undefined} {...end} />
    </>
  );
}

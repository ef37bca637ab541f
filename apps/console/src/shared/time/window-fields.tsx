import { SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useDatePickerProps } from '../fields/index.ts';
import { itemWindow, ownTimeZone, type TimeWindow, windowWords } from './availability.ts';
import { momentOf, TYPED_WALL_TIME, typedWallTime, wallTime } from './zoned-time.ts';

/** An item's window as its form holds it: the stored moments (UTC ISO), null for no limit. */
export interface WindowValues {
  available_from: string | null;
  available_until: string | null;
}

export const UNTIL_AFTER_FROM = 'Must be after the start';

/** Until after from (the server says 400 too): the message under the second field, or none. */
export function windowError(window: TimeWindow): string | undefined {
  return window.from && window.until && Date.parse(window.until) <= Date.parse(window.from)
    ? UNTIL_AFTER_FROM
    : undefined;
}

/** The window's fields of a form, as its call's body takes them: unchanged moments, nulls for no limit. */
export const windowBody = (values: WindowValues): WindowValues => ({
  available_from: values.available_from,
  available_until: values.available_until,
});

/** A form's window errors, under the field that is wrong. */
export function windowErrors(values: WindowValues): Partial<Record<keyof WindowValues, string>> {
  const error = windowError(itemWindow(values));
  return error ? { available_until: error } : {};
}

/**
 * A moment entered as a date and time of a zone (the staff member's, or a territory's), named beside it, and kept
 * in UTC. Shown and typed en-GB (dd/MM/yyyy, 24-hour time) whatever the browser's language, with a calendar from
 * Monday to pick the day by mouse: one Tab stop, and its clear button (decision 043).
 */
export function MomentField({
  label,
  value,
  onChange,
  timeZone,
  error,
  testId,
  empty = 'no limit',
  w,
}: {
  label: string;
  /** What an empty field means. */
  empty?: string;
  w?: number;
  value: string | null;
  onChange: (iso: string | null) => void;
  timeZone: string;
  error?: React.ReactNode;
  testId?: string;
}) {
  const picker = useDatePickerProps();
  // While the calendar is open, Escape closes it, not the modal around the field (Mantine's modal reads the mark).
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DateInput
      {...picker}
      label={label}
      description={`${timeZone} time; empty: ${empty}`}
      placeholder="dd/mm/yyyy hh:mm"
      withTime
      valueFormat={TYPED_WALL_TIME}
      dateParser={typedWallTime}
      value={wallTime(value, timeZone) || null}
      onChange={(wall) => onChange(wall ? momentOf(wall, timeZone) : null)}
      clearable
      // Named by what emptying means ("No limit"): a name holding the field's label would also answer to that label.
      clearButtonProps={{ 'aria-label': empty[0]!.toUpperCase() + empty.slice(1) }}
      leftSection={<IconCalendar size={16} aria-hidden />}
      error={error}
      data-testid={testId}
      data-mantine-stop-propagation={calendarOpen || undefined}
      onFocus={() => setCalendarOpen(true)}
      onClick={() => setCalendarOpen(true)}
      onBlur={() => setCalendarOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setCalendarOpen(false);
        else if (event.key !== 'Tab') setCalendarOpen(true);
      }}
      w={w}
    />
  );
}

/** The start and end fields of a window in a form (an item's, a country rule's), entered in `timeZone`. */
export function MomentPair<K extends string>({
  form,
  fields,
  labels,
  timeZone,
}: {
  form: UseFormReturnType<Record<K, string | null>>;
  fields: [K, K];
  labels: [string, string];
  timeZone: string;
}) {
  return fields.map((field, i) => (
    <MomentField
      key={field}
      label={labels[i] as string}
      value={form.values[field]}
      onChange={(iso) => form.setFieldValue(field, iso as never)}
      timeZone={timeZone}
      error={form.errors[field]}
    />
  ));
}

/**
 * "Available from" and "Available until" of an item (brand, content, banner, stream) in the staff member's time
 * zone, with the window's state in words beside them ("Starts in 5 days"); `live` says where it is live.
 */
export function WindowFields<V extends WindowValues>({ form, live }: { form: UseFormReturnType<V>; live?: string }) {
  const timeZone = ownTimeZone();
  const { values } = form;
  return (
    <Stack gap={6} component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" size="sm" fw={500} p={0}>
        Availability
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MomentPair
          form={form as unknown as UseFormReturnType<WindowValues>}
          fields={['available_from', 'available_until']}
          labels={['Available from', 'Available until']}
          timeZone={timeZone}
        />
      </SimpleGrid>
      <WindowState window={itemWindow(values)} live={live} />
    </Stack>
  );
}

/** A window's state in words, read as it changes. */
export function WindowState({ window, live, timeZone }: { window: TimeWindow; live?: string; timeZone?: string }) {
  if (windowError(window)) return null;
  return (
    <Text size="sm" c="dimmed" aria-live="polite" data-testid="window-state">
      {windowWords(window, { now: new Date(), live, timeZone })}
    </Text>
  );
}

import '@mantine/dates/styles.css';
import type { CalendarAriaLabels } from '@mantine/dates';
import { useId } from '@mantine/hooks';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';

// Date pickers speak en-GB (DatesProvider names it); loaded with them, not with every page.
dayjs.locale('en-gb');

const CALENDAR_ARIA_LABELS: CalendarAriaLabels = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

/**
 * Props that make a Mantine date picker field accessible; spread them on DatePickerInput (en-GB and weeks
 * from Monday come from DatesProvider).
 */
export function useDatePickerProps() {
  const id = useId();
  return {
    id,
    // Mantine names the calendar dialog after an id no element has; the field's label names it instead.
    popoverProps: { id: `${id}-label` },
    // The arrows are icons only; the month and year buttons are named by their text ("November 2026").
    ariaLabels: CALENDAR_ARIA_LABELS,
    // Days of the next and previous month are drawn half-transparent, below 4.5:1 contrast.
    hideOutsideDates: true,
    // Weekend days are drawn in red 6, below 4.5:1 on white; in a back office they need no marking.
    weekendDays: [],
  };
}

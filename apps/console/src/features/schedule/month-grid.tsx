import type { ScheduleEdge } from '@kids-vod/contract';
import { ActionIcon, Group, Table, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import classes from './month-grid.module.css';
import { dayKey } from './schedule-model.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTH_NAME = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' });
const DAY_NAME = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });

/** The days of a month as weeks from Monday (en-GB), with blanks before the 1st and after the last. */
function weeks(year: number, month: number): { weekday: string; date: Date | null }[][] {
  const first = new Date(year, month, 1);
  const blanks = (first.getDay() + 6) % 7;
  const days = new Date(year, month + 1, 0).getDate();
  const cells: (Date | null)[] = [
    ...Array.from({ length: blanks }, () => null),
    ...Array.from({ length: days }, (_, i) => new Date(year, month, i + 1)),
  ];
  while (cells.length % 7) cells.push(null);
  const named = cells.map((date, i) => ({ weekday: WEEKDAYS[i % 7] as string, date }));
  return Array.from({ length: cells.length / 7 }, (_, w) => named.slice(w * 7, w * 7 + 7));
}

const count = (n: number, one: string, many: string) => (n ? `${n} ${n === 1 ? one : many}` : null);

/**
 * A month's calendar: each day a button saying how many items open and close on it; choosing a day narrows the
 * agenda to it (again: the whole month). Arrows go to the month before and after.
 */
export function MonthGrid({
  year,
  month,
  edges,
  day,
  onDay,
  onMonth,
}: {
  year: number;
  month: number;
  edges: Map<string, ScheduleEdge[]>;
  day: string;
  onDay: (day: string) => void;
  onMonth: (by: number) => void;
}) {
  const today = dayKey(new Date());
  const title = MONTH_NAME.format(new Date(year, month, 1));
  return (
    <div>
      <Group justify="space-between" mb="xs">
        <ActionIcon variant="default" aria-label="Previous month" onClick={() => onMonth(-1)}>
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
        <Title order={2} size="h4" id="month-title" aria-live="polite">
          {title}
        </Title>
        <ActionIcon variant="default" aria-label="Next month" onClick={() => onMonth(1)}>
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Table className={classes.grid} aria-labelledby="month-title" layout="fixed" withTableBorder withColumnBorders>
        <Table.Thead>
          <Table.Tr>
            {WEEKDAYS.map((d) => (
              <Table.Th key={d} ta="center">
                <Text size="xs" fw={600}>
                  {d}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weeks(year, month).map((week) => (
            <Table.Tr key={week.find((cell) => cell.date)?.date?.toISOString()}>
              {week.map(({ weekday, date }) => {
                if (!date) return <Table.Td key={`blank-${weekday}`} />;
                const key = dayKey(date);
                const list = edges.get(key) ?? [];
                const opens = list.filter((e) => e.edge === 'opens').length;
                const closes = list.length - opens;
                const words = [count(opens, 'opens', 'open'), count(closes, 'closes', 'close')].filter(Boolean);
                return (
                  <Table.Td key={key} p={0}>
                    <UnstyledButton
                      className={classes.day}
                      data-today={key === today || undefined}
                      data-chosen={key === day || undefined}
                      aria-pressed={key === day}
                      onClick={() => onDay(key === day ? '' : key)}
                      data-testid={`day-${key}`}
                    >
                      {/* The name in words, and the figures shown for the eye hidden from it: an aria-label would
                          name the button with words that do not contain what it shows ("27 −1"), which voice
                          control users say to press it. */}
                      <VisuallyHidden>
                        {`${DAY_NAME.format(date)}${words.length ? `: ${words.join(', ')}` : ': nothing'}`}
                      </VisuallyHidden>
                      <Text size="sm" fw={key === today ? 700 : 400} aria-hidden>
                        {date.getDate()}
                      </Text>
                      {opens ? (
                        <Text size="xs" className={classes.opens} aria-hidden>
                          +{opens}
                        </Text>
                      ) : null}
                      {closes ? (
                        <Text size="xs" className={classes.closes} aria-hidden>
                          −{closes}
                        </Text>
                      ) : null}
                    </UnstyledButton>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {/* The day's figures explained once, for the eye (each day's button says them in words). */}
      <Text size="xs" c="dimmed" mt={4} aria-hidden>
        <Text span size="xs" className={classes.opens}>
          +N
        </Text>{' '}
        items open that day,{' '}
        <Text span size="xs" className={classes.closes}>
          −N
        </Text>{' '}
        close (times in your zone).
      </Text>
    </div>
  );
}

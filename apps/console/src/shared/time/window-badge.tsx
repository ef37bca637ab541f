import { Badge, VisuallyHidden } from '@mantine/core';
import { IconCalendarOff, IconCalendarTime } from '@tabler/icons-react';
import { type TimeWindow, windowBadge } from './availability.ts';

/**
 * Marks a list's item that is outside its window now: "Scheduled" (starts later) or "Expired" (ended), with the
 * moment in its accessible name and on hover. Neutral, like StateLabel: the words carry the state.
 */
export function WindowBadge({ window }: { window: TimeWindow }) {
  const badge = windowBadge(window, new Date());
  if (!badge) return null;
  const Icon = badge.text === 'Expired' ? IconCalendarOff : IconCalendarTime;
  return (
    <Badge
      variant="default"
      radius="sm"
      tt="none"
      fw={500}
      title={badge.label}
      leftSection={<Icon size={14} aria-hidden />}
      data-testid="window-badge"
      style={{ flex: 'none' }}
    >
      {badge.text}
      <VisuallyHidden>{badge.label.slice(badge.text.length)}</VisuallyHidden>
    </Badge>
  );
}

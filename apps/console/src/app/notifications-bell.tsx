import type { Notification } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { ActionIcon, Anchor, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { send } from '../shared/api/index.ts';
import { formatMoment } from '../shared/time/index.ts';

const KEY = ['notifications'] as const;
/** How often the bell asks: a video's end or a failed build is news within seconds, not at once. */
const POLL_MS = 10_000;
/** At most one toast this often: a season's worth of episodes ending together is one toast, not forty. */
const TOAST_GAP_MS = 5_000;
const PAGE = 20;

/** Shows a toast for what arrived since the last look (none for what was there when the console opened). */
function useToastOnArrival(rows: Notification[] | undefined) {
  const seen = useRef<number | null>(null);
  const lastToast = useRef(0);
  useEffect(() => {
    if (!rows) return;
    const newest = rows[0]?.id ?? 0;
    if (seen.current === null) {
      seen.current = newest;
      return;
    }
    const since = seen.current;
    const arrived = rows.filter((n) => n.id > since && !n.read);
    if (arrived.length === 0 || Date.now() - lastToast.current < TOAST_GAP_MS) return;
    seen.current = newest;
    lastToast.current = Date.now();
    toasts.show({
      id: `notification-${newest}`,
      color: arrived[0].kind === 'video_ready' ? 'green' : 'red',
      title: arrived.length === 1 ? 'Notification' : `${arrived.length} new notifications`,
      message: arrived[0].text,
    });
  }, [rows]);
}

function NotificationRow({ n, onRead, onOpen }: { n: Notification; onRead: () => void; onOpen: () => void }) {
  return (
    <Stack gap={2} py={6} data-testid="notification-row">
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        {n.link ? (
          <Anchor component={Link} to={n.link} size="sm" fw={n.read ? 400 : 600} onClick={onOpen}>
            {n.text}
          </Anchor>
        ) : (
          <Text size="sm" fw={n.read ? 400 : 600}>
            {n.text}
          </Text>
        )}
        {n.read ? null : (
          <Button size="compact-xs" variant="subtle" onClick={onRead} aria-label={`Mark read: ${n.text}`}>
            Mark read
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {formatMoment(n.at)}
      </Text>
    </Stack>
  );
}

/**
 * The bell in the header (api.md "Operations"): the signed-in person's own notifications (their video ready or
 * failed, their build failed), read one or all; a toast when one arrives while the console is open.
 */
export function NotificationsBell() {
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => send(api.notifications.list, { body: { offset: 0, limit: PAGE } }),
    refetchInterval: POLL_MS,
  });
  const read = useMutation({
    mutationFn: (body: { ids: number[] } | { all: true }) => send(api.notifications.read, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  useToastOnArrival(list.data?.rows);
  const unread = list.data?.unread ?? 0;
  const rows = list.data?.rows ?? [];
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  const readOne = (n: Notification) => !n.read && read.mutate({ ids: [n.id] });
  return (
    <Popover opened={opened} onChange={setOpened} width={360} position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        {/* The popover's aria attributes go on the button itself: the count's badge is inside it, and stands out
            of it (an ActionIcon clips what overflows it). */}
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={label}
          onClick={() => setOpened((o) => !o)}
          style={{ overflow: 'visible' }}
        >
          <Indicator label={unread > 99 ? '99+' : unread} size={14} disabled={unread === 0} offset={-2} color="red">
            <IconBell size={18} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Group justify="space-between" mb="xs">
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <Button
            size="compact-xs"
            variant="default"
            disabled={unread === 0}
            onClick={() => read.mutate({ all: true })}
          >
            Mark all read
          </Button>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing yet: you are told here when a video you uploaded is ready or failed, or a build you started failed.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={400}>
            {rows.map((n) => (
              <NotificationRow
                key={n.id}
                n={n}
                onRead={() => readOne(n)}
                onOpen={() => {
                  readOne(n);
                  setOpened(false);
                }}
              />
            ))}
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

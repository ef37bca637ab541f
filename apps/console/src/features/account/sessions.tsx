import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { confirmAction, RevokeButton } from '../../shared/feedback/index.ts';
import { ActionsHeader, ListState, ListTable } from '../../shared/lists/index.ts';
import { formatMoment } from '../../shared/time/index.ts';
import { useRevokeSession, useSessions } from './api.ts';
import { describeUserAgent } from './user-agent.ts';

/** Where this account is signed in; a lost laptop is signed out from here. */
export function Sessions() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const rows = sessions.data ?? [];
  const others = rows.filter((s) => !s.current).length;

  async function signOutOthers() {
    const sure = await confirmAction({
      title: 'Sign out everywhere else?',
      message: `Your ${others} other ${others === 1 ? 'session ends' : 'sessions end'}; this one stays.`,
      confirmLabel: 'Sign out',
    });
    if (sure) revoke.mutate('others');
  }

  return (
    <Stack gap="sm">
      <ListState query={sessions} isEmpty={rows.length === 0} emptyText="No sessions.">
        <ListTable
          label="Sessions"
          minWidth={640}
          head={
            <>
              <Table.Th>Browser</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Signed in</Table.Th>
              <Table.Th>Last used</Table.Th>
              <ActionsHeader w={120} />
            </>
          }
          rows={rows}
          testId="session"
          cells={(s) => (
            <>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" title={s.user_agent ?? undefined}>
                    {describeUserAgent(s.user_agent)}
                  </Text>
                  {s.current ? (
                    <Badge size="sm" variant="light" tt="none">
                      This browser
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td ff="monospace">{s.ip ?? '—'}</Table.Td>
              <Table.Td>{formatMoment(s.created_at)}</Table.Td>
              <Table.Td>{formatMoment(s.last_used_at)}</Table.Td>
              <Table.Td>
                {s.current ? null : (
                  <RevokeButton
                    label="Sign out"
                    name={describeUserAgent(s.user_agent)}
                    accessibleName={`Sign out ${describeUserAgent(s.user_agent)} at ${s.ip ?? 'unknown address'}`}
                    onConfirmed={() => revoke.mutate(s)}
                  />
                )}
              </Table.Td>
            </>
          )}
        />
      </ListState>
      {others > 0 ? (
        <Group>
          <Button variant="default" color="red" onClick={signOutOthers} loading={revoke.isPending}>
            Sign out everywhere else
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

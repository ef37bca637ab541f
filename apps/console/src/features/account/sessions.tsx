import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { CredentialTable } from '../../shared/credentials/index.ts';
import { confirmAction, RevokeButton } from '../../shared/feedback/index.ts';
import { useRevokeSession, useSessions } from './api.ts';
import { describeUserAgent } from './user-agent.ts';

/** Where this account is signed in; a lost laptop is signed out from here. */
export function Sessions() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

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
      <CredentialTable
        label="Sessions"
        query={sessions}
        emptyText="No sessions."
        testId="session"
        what={{
          head: (
            <>
              <Table.Th>Browser</Table.Th>
              <Table.Th>Address</Table.Th>
            </>
          ),
          cells: (s) => (
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
            </>
          ),
        }}
        began="Signed in"
        actionsWidth={120}
        revoke={revoke}
        end={(s, ending) =>
          s.current ? null : (
            <RevokeButton
              label="Sign out"
              name={describeUserAgent(s.user_agent)}
              accessibleName={`Sign out ${describeUserAgent(s.user_agent)} at ${s.ip ?? 'unknown address'}`}
              {...ending}
            />
          )
        }
      />
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

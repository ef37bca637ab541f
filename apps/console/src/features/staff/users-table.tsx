import { ROLE_LABELS, type User } from '@kids-vod/contract';
import { Badge, Group, Table, Text } from '@mantine/core';
import {
  ListTable,
  OpenLink,
  type SortableRows,
  type SortDirection,
  SortHeader,
  StateLabel,
  sortRows,
} from '../../shared/lists/index.ts';
import { formatMoment } from '../../shared/time/index.ts';
import { accountState } from './account-state.ts';

const TWO_FACTOR = ['On', 'Off'] as const;

const sortValue: Record<string, (u: User) => string | number | boolean> = {
  name: (u) => u.name.toLowerCase(),
  email: (u) => u.email,
  role: (u) => u.role,
  state: (u) => accountState(u),
  totp: (u) => u.totp_enabled,
  signin: (u) => u.last_sign_in_at ?? '',
};

/** Staff in the chosen order; without one, by name. */
/** "Active", "Invited" (never signed in) or "Inactive"; only Active is marked as on. */
function AccountState({ user }: { user: User }) {
  const state = accountState(user);
  return <StateLabel on={state === 'Active'} words={[state, state]} />;
}

export function sortUsers(rows: User[], column: string, direction: SortDirection): User[] {
  return sortRows(rows, sortValue[column] ?? sortValue.name!, direction);
}

export function UsersTable({
  rows,
  loading,
  meId,
  sort,
  direction,
  onSort,
  onOpen,
}: SortableRows<User> & { meId: number | undefined }) {
  const header = { sort, direction, onSort };
  return (
    <ListTable
      label="Staff"
      minWidth={900}
      head={
        <>
          <SortHeader label="Name" column="name" {...header} />
          <SortHeader label="Email" column="email" {...header} />
          <SortHeader label="Role" column="role" {...header} />
          <SortHeader label="State" column="state" {...header} />
          <SortHeader label="Two-factor" column="totp" {...header} />
          <SortHeader label="Last sign-in" column="signin" {...header} />
        </>
      }
      loading={loading}
      skeleton={{ columns: 6 }}
      rows={rows}
      testId={(u) => `user-row-${u.email}`}
      onOpen={onOpen}
      cells={(u) => (
        <>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <OpenLink onOpen={() => onOpen(u)}>{u.name || u.email}</OpenLink>
              {u.id === meId ? (
                <Badge size="sm" variant="light" tt="none">
                  You
                </Badge>
              ) : null}
            </Group>
          </Table.Td>
          <Table.Td>{u.email}</Table.Td>
          <Table.Td>{ROLE_LABELS[u.role]}</Table.Td>
          <Table.Td>
            <AccountState user={u} />
          </Table.Td>
          <Table.Td>
            <StateLabel on={u.totp_enabled} words={TWO_FACTOR} />
          </Table.Td>
          <Table.Td>
            <Text size="sm" c={u.last_sign_in_at ? undefined : 'dimmed'}>
              {formatMoment(u.last_sign_in_at)}
            </Text>
          </Table.Td>
        </>
      )}
    />
  );
}

import type { User } from '@kids-vod/contract';
import { Button, Group, Paper, Stack, Switch, Tabs, Text } from '@mantine/core';
import { IconKey, IconPlugConnected, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ApiTokens } from '../../shared/api-tokens/index.ts';
import { findIn, useEditing } from '../../shared/editing/index.ts';
import { ListState, SearchField, type SortDirection, useUrlSearch, useUrlState } from '../../shared/lists/index.ts';
import { useProfile } from '../../shared/session/index.ts';
import { useSecuritySettings, useSetRequireTotp, useUsers } from './api.ts';
import { IngestKeys } from './ingest-keys.tsx';
import { InviteModal } from './invite-modal.tsx';
import { LinkModal } from './link-modal.tsx';
import { UserModal } from './user-modal.tsx';
import { sortUsers, UsersTable } from './users-table.tsx';

const URL_DEFAULTS = { tab: 'people', q: '', sort: 'name', dir: 'asc' };
type Link = { user: User; invite_url: string; expires_at: string; reset?: boolean };

/** The sign-in rule for everyone: two-factor required. */
function RequireTwoFactor() {
  const settings = useSecuritySettings();
  const set = useSetRequireTotp();
  return (
    <Paper withBorder p="md">
      <Switch
        label="Require two-factor sign-in for everyone"
        description="Accounts without it are asked to set it up the next time they use the console, before anything else."
        checked={settings.data?.require_totp ?? false}
        disabled={!settings.data || set.isPending}
        onChange={(e) => set.mutate(e.currentTarget.checked)}
      />
    </Paper>
  );
}

function matches(user: User, search: string) {
  const q = search.trim().toLowerCase();
  return !q || user.name.toLowerCase().includes(q) || user.email.includes(q);
}

function People() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const [search, setSearch] = useUrlSearch(url.q, (q) => setUrl({ q }));
  const users = useUsers();
  const me = useProfile().data;
  const [inviting, setInviting] = useState<number | null>(null);
  // The open account is in the address (`?edit=12`), as every screen's open item is (decision 017).
  const { editing, open, closed } = useEditing({ what: 'staff account', find: findIn(users.data) });
  const [link, setLink] = useState<Link | null>(null);
  const direction: SortDirection = url.dir === 'desc' ? 'desc' : 'asc';
  const rows = useMemo(
    () =>
      sortUsers(
        (users.data ?? []).filter((u) => matches(u, url.q)),
        url.sort,
        direction,
      ),
    [users.data, url.q, url.sort, direction],
  );
  const inviteButton = (
    <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(Date.now())}>
      Invite
    </Button>
  );
  return (
    <Stack gap="md">
      <RequireTwoFactor />
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <SearchField
            label="Search staff"
            placeholder="Name or email"
            value={search}
            onChange={setSearch}
            width={280}
          />
          {users.data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {users.data.filter((u) => u.is_active).length} active of {users.data.length} accounts
            </Text>
          ) : null}
        </Group>
        {inviteButton}
      </Group>
      <ListState
        query={users}
        isEmpty={rows.length === 0}
        emptyText={url.q ? `Nobody matches “${url.q}”.` : 'No staff accounts.'}
        createAction={url.q ? undefined : inviteButton}
      >
        <UsersTable
          rows={rows}
          loading={users.isPending}
          meId={me?.id}
          sort={url.sort}
          direction={direction}
          onSort={(sort, dir) => setUrl({ sort, dir })}
          onOpen={open}
        />
      </ListState>
      {inviting ? <InviteModal key={inviting} onInvited={setLink} onClosed={() => setInviting(null)} /> : null}
      {/* No "new" here: an account is made by an invitation. */}
      {editing?.item ? (
        <UserModal
          key={editing.key}
          initial={editing.item}
          onClosed={closed}
          onResetLink={(l) => setLink({ ...l, reset: true })}
        />
      ) : null}
      {link ? <LinkModal link={link} onClose={() => setLink(null)} /> : null}
    </Stack>
  );
}

/**
 * Staff (admins): the accounts and their roles, invites, the sign-in rule, everyone's API tokens and the player
 * apps' ingest keys, as tabs of one screen (docs/decisions/015-staff-screen.md).
 */
export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  return (
    <Tabs value={url.tab} onChange={(tab) => setUrl({ tab: tab ?? 'people', q: '' })} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="people" leftSection={<IconUsersGroup size={16} aria-hidden />}>
          People
        </Tabs.Tab>
        <Tabs.Tab value="tokens" leftSection={<IconKey size={16} aria-hidden />}>
          API tokens
        </Tabs.Tab>
        <Tabs.Tab value="ingest" leftSection={<IconPlugConnected size={16} aria-hidden />}>
          Ingest keys
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="people">
        <People />
      </Tabs.Panel>
      <Tabs.Panel value="tokens">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Every account's personal API tokens. Each acts with its owner's role; revoke one that leaked or is no longer
            needed. People create their own on Your account.
          </Text>
          <ApiTokens scope="all" />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="ingest">
        <IngestKeys />
      </Tabs.Panel>
    </Tabs>
  );
}

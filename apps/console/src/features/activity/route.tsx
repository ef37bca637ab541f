import { AUDIT_KIND_WORDS } from '@kids-vod/contract/audit-words';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { errorMessage } from '../../shared/api/index.ts';
import { DateSpan } from '../../shared/fields/index.ts';
import { AuditEntryCard, type AuditFilter } from '../../shared/history/index.ts';
import {
  ClearFilters,
  FilterSelect,
  ListHeader,
  ListState,
  urlInputProps,
  useUrlSearch,
  useUrlState,
} from '../../shared/lists/index.ts';
import { useActivity, useDownloadActivity, usePeople } from './api.ts';

const URL_DEFAULTS = { person: '', kind: '', item: '', from: '', to: '' };
type Url = typeof URL_DEFAULTS;

const KINDS = Object.entries(AUDIT_KIND_WORDS).map(([value, label]) => ({ value, label }));
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The address's filters as the server reads them; dates are whole local days, both ends included. */
function filterOf(url: Url): AuditFilter {
  const entity = KINDS.some((k) => k.value === url.kind) ? (url.kind as AuditFilter['entity']) : undefined;
  const person = Number(url.person);
  const item = url.item.trim();
  return {
    ...(entity ? { entity } : {}),
    ...(item ? { entity_id: item } : {}),
    // A brand or an episode is shown with its parts, as its History tab shows it.
    ...(item && (entity === 'brands' || entity === 'content') ? { with_parts: true } : {}),
    ...(Number.isInteger(person) && person > 0 ? { user_id: person } : {}),
    ...(ISO_DATE.test(url.from) ? { from: dayjs(url.from).startOf('day').toISOString() } : {}),
    ...(ISO_DATE.test(url.to) ? { to: dayjs(url.to).endOf('day').toISOString() } : {}),
  };
}

const asDate = (value: string) => (ISO_DATE.test(value) ? value : null);

/**
 * Activity (admins): the whole audit log, newest first, filtered by person, kind of item, item and dates (in the
 * address, like every list), each entry in words with a link to its item; older pages on demand; the filtered log
 * as CSV.
 */
export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const [item, setItem] = useUrlSearch(url.item, (v) => setUrl({ item: v }));
  const { person, kind, item: itemId, from, to } = url;
  const filter = useMemo(() => filterOf({ person, kind, item: itemId, from, to }), [person, kind, itemId, from, to]);
  const { log: activity, entries, names } = useActivity(filter);
  const people = usePeople();
  const download = useDownloadActivity();
  const filtered = Object.values(url).some(Boolean);
  const bind = urlInputProps(url, setUrl);
  // A date filter's input props, as a form's getInputProps gives them: the address's day, and a new one into it.
  const dayProps = (end: 'from' | 'to') => ({
    value: asDate(url[end]),
    onChange: (day: string | null) => setUrl({ [end]: day ?? '' }),
  });
  const count = activity.data
    ? `${entries.length.toLocaleString('en-GB')} ${entries.length === 1 ? 'entry' : 'entries'}${activity.hasNextPage ? ', older ones below' : ''}`
    : null;

  return (
    <Stack gap="md">
      <ListHeader
        count={count}
        action={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate(filter)}
          >
            Download CSV
          </Button>
        }
      >
        <FilterSelect
          label="Person"
          placeholder="Anyone"
          data={(people.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.email})` }))}
          {...bind('person')}
          searchable
          w={240}
        />
        <FilterSelect label="Kind of item" placeholder="Any kind" data={KINDS} {...bind('kind')} searchable w={220} />
        <TextInput
          label="Item id"
          placeholder="Any item"
          value={item}
          onChange={(e) => setItem(e.currentTarget.value)}
          w={120}
        />
        <DateSpan
          start={{ label: 'From', placeholder: 'Any time', ...dayProps('from') }}
          end={{ label: 'To', placeholder: 'Today', ...dayProps('to') }}
          w={150}
        />
        <ClearFilters
          filtered={filtered}
          onClear={() => {
            setItem('');
            setUrl(URL_DEFAULTS);
          }}
        />
      </ListHeader>
      {download.isError ? (
        <Alert color="red" role="alert" title="The CSV could not be downloaded">
          {errorMessage(download.error)}
        </Alert>
      ) : null}
      <ListState
        query={activity}
        isEmpty={entries.length === 0}
        emptyText={filtered ? 'Nothing recorded matches these filters.' : 'Nothing recorded yet.'}
      >
        <Stack component="ol" gap="xs" m={0} p={0} aria-label="Activity, newest first">
          {entries.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} names={names} showItem />
          ))}
        </Stack>
        {activity.hasNextPage ? (
          <Group justify="center">
            <Button
              variant="default"
              onClick={() => void activity.fetchNextPage()}
              loading={activity.isFetchingNextPage}
            >
              Load older entries
            </Button>
          </Group>
        ) : entries.length ? (
          <Text size="sm" c="dimmed" ta="center">
            That is the oldest entry.
          </Text>
        ) : null}
      </ListState>
    </Stack>
  );
}

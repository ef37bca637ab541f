import type { ScheduleEdge } from '@kids-vod/contract';
import { Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useBrands, useCountries, useLanguages } from '../../shared/api/index.ts';
import {
  ClearFilters,
  FilterSelect,
  ListHeader,
  ListState,
  urlInputProps,
  useUrlState,
} from '../../shared/lists/index.ts';
import { ownTimeZone } from '../../shared/time/index.ts';
import { useScheduleEdges } from './api.ts';
import { AutomaticBuilds } from './automatic-builds.tsx';
import { EdgeEntry } from './edge-entry.tsx';
import { MonthGrid } from './month-grid.tsx';
import {
  byDay,
  ENDING_SOON_DAYS,
  edgeMatches,
  KIND_WORDS,
  monthOf,
  monthParam,
  monthSpan,
  shiftMonth,
} from './schedule-model.ts';

/** The month, the day chosen, the filters and the builds' page live in the address, like every list's state. */
const URL_DEFAULTS = { month: '', day: '', country: '', lang: '', kind: '', builds: '1' };

const KINDS = Object.entries(KIND_WORDS).map(([value, label]) => ({ value, label }));
const DAY_HEADING = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** A minute's precision keeps the Ending soon call the same across renders. */
const thisMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000);

/**
 * Schedule: what opens and closes (items' windows, country rules' dates) in a month's calendar and as an agenda
 * by day, filtered by territory, language and kind; what closes in the next 30 days first, so a licence about to
 * lapse is seen in time; and the log of the builds the server ran by itself at those moments.
 */
export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const [now] = useState(thisMinute);
  const shown = monthOf(url.month, now);
  const span = monthSpan(shown);
  const edges = useScheduleEdges(span.from, span.to);
  const soonTo = new Date(now.getTime() + ENDING_SOON_DAYS * 86_400_000).toISOString();
  const soon = useScheduleEdges(now.toISOString(), soonTo);
  const brands = useBrands();
  const languages = useLanguages();
  const countries = useCountries();

  const brandById = useMemo(() => new Map(brands.data?.map((b) => [b.id, b])), [brands.data]);
  const languageByCode = useMemo(() => new Map(languages.data?.map((l) => [l.code, l])), [languages.data]);
  const filter = { country: url.country, lang: url.lang, kind: url.kind };
  const keep = (list: ScheduleEdge[] | undefined) => (list ?? []).filter((e) => edgeMatches(e, filter, brandById));
  const month = byDay(keep(edges.data));
  const endingSoon = keep(soon.data).filter((e) => e.edge === 'closes');
  const agenda = url.day ? [...month].filter(([day]) => day === url.day) : [...month];
  const filtered = Boolean(url.country || url.lang || url.kind);
  const bind = urlInputProps(url, setUrl);
  const goMonth = (by: number) => setUrl({ month: monthParam(shiftMonth(shown, by)), day: '' });

  return (
    <Stack gap="lg">
      <ListHeader count={`Times in ${ownTimeZone()}`} action={null}>
        <FilterSelect
          label="Territory"
          placeholder="Every country"
          data={(countries.data ?? []).map((c) => ({ value: c.code2, label: `${c.name} (${c.code2})` }))}
          {...bind('country')}
          searchable
          nothingFoundMessage="No such country"
          w={230}
        />
        <FilterSelect
          label="Language"
          placeholder="Every language"
          data={(languages.data ?? []).map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }))}
          {...bind('lang')}
          searchable
          nothingFoundMessage="No such language"
          w={210}
        />
        <FilterSelect label="Kind" placeholder="Every kind" data={KINDS} {...bind('kind')} w={180} />
        <ClearFilters filtered={filtered} onClear={() => setUrl({ country: '', lang: '', kind: '' })} />
      </ListHeader>

      <Paper withBorder p="md" component="section" aria-labelledby="soon-title">
        <Stack gap="xs">
          <Title order={2} size="h4" id="soon-title">
            Ending soon{' '}
            <Text span size="sm" c="dimmed">
              the next {ENDING_SOON_DAYS} days
            </Text>
          </Title>
          <ListState
            query={soon}
            isEmpty={endingSoon.length === 0}
            emptyText={`Nothing closes in the next ${ENDING_SOON_DAYS} days${filtered ? ' for these filters' : ''}.`}
          >
            <Stack component="ul" gap={8} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Ending soon">
              {endingSoon.map((e) => (
                <EdgeEntry key={`${e.entity}-${e.id}-${e.at}`} edge={e} languages={languageByCode} now={now} showDay />
              ))}
            </Stack>
          </ListState>
        </Stack>
      </Paper>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <MonthGrid
            year={shown.year}
            month={shown.month}
            edges={month}
            day={url.day}
            onDay={(day) => setUrl({ day })}
            onMonth={goMonth}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm" component="section" aria-labelledby="agenda-title">
            <Title order={2} size="h4" id="agenda-title">
              Agenda
            </Title>
            <ListState
              query={edges}
              isEmpty={agenda.length === 0}
              emptyText={
                url.day
                  ? 'Nothing opens or closes on this day.'
                  : `Nothing opens or closes this month${filtered ? ' for these filters' : ''}.`
              }
              createAction={
                url.day ? (
                  <Button variant="default" onClick={() => setUrl({ day: '' })}>
                    Show the whole month
                  </Button>
                ) : null
              }
            >
              {agenda.map(([day, list]) => (
                <Stack key={day} gap={6} data-testid={`agenda-${day}`}>
                  <Title order={3} size="h6">
                    {DAY_HEADING.format(new Date(`${day}T12:00:00`))}
                  </Title>
                  <Stack component="ul" gap={8} m={0} p={0} style={{ listStyle: 'none' }}>
                    {list.map((e) => (
                      <EdgeEntry key={`${e.entity}-${e.id}-${e.at}`} edge={e} languages={languageByCode} now={now} />
                    ))}
                  </Stack>
                </Stack>
              ))}
            </ListState>
          </Stack>
        </Grid.Col>
      </Grid>

      <AutomaticBuilds
        page={Math.max(1, Number(url.builds) || 1)}
        onPage={(page) => setUrl({ builds: String(page) })}
        languages={languageByCode}
      />
    </Stack>
  );
}

import { type Report, ReportBody } from '@kids-vod/contract';
import { Alert, Box, Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatePickerPreset } from '@mantine/dates';
import { IconCalendar, IconCalendarX, IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useDatePickerProps } from '../../shared/fields/index.ts';
import {
  ClearSearch,
  countText,
  ListHeader,
  ListPages,
  ListState,
  pageOf,
  SearchField,
  type SortDirection,
  useUrlSearch,
  useUrlState,
} from '../../shared/lists/index.ts';
import { useDownloadReport, useReport } from './api.ts';
import { type DateRange, defaultRange, formatMinutes, ISO_DATE, isIsoDate } from './format.ts';
import { MinutesChart } from './minutes-chart.tsx';
import { episodeCode, ReportTable, sortReportRows } from './report-table.tsx';

/** Rows per page of the table: a long range over a big catalogue has thousands. */
const PAGE_SIZE = 50;

type Picked = [string | null, string | null];

function presets(): DatePickerPreset<'range'>[] {
  const today = dayjs();
  const range = (from: dayjs.Dayjs, to: dayjs.Dayjs): Picked => [from.format(ISO_DATE), to.format(ISO_DATE)];
  return [
    { label: 'Last 7 days', value: range(today.subtract(6, 'day'), today) },
    { label: 'Last 30 days', value: range(today.subtract(29, 'day'), today) },
    { label: 'This month', value: range(today.startOf('month'), today) },
    {
      label: 'Last month',
      value: range(today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month')),
    },
    { label: 'This year', value: range(today.startOf('year'), today) },
  ];
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  );
}

function matches(row: { brand_name: string; title: string; season: number; sort_number: number }, q: string) {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return (
    row.brand_name.toLowerCase().includes(needle) ||
    row.title.toLowerCase().includes(needle) ||
    episodeCode(row).toLowerCase() === needle
  );
}

/** The totals and the chart of the report on screen (placeholders before the first answer). */
function Figures({ data }: { data: Report | undefined }) {
  if (!data) {
    return (
      <>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Figure label="Total minutes" value="…" testId="total-minutes" />
          <Figure label="Average per day" value="…" testId="average-minutes" />
          <Figure label="Titles watched" value="…" testId="titles-watched" />
        </SimpleGrid>
        <Paper withBorder p="md" radius="md">
          <Box h={300} />
        </Paper>
      </>
    );
  }
  // While another range loads, the last report stays, with its own average.
  const days = dayjs(data.date_to).diff(dayjs(data.date_from), 'day') + 1;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Figure label="Total minutes" value={formatMinutes(data.total_minutes)} testId="total-minutes" />
        <Figure
          label="Average per day"
          value={formatMinutes(Math.round((data.total_minutes / days) * 10) / 10)}
          testId="average-minutes"
        />
        <Figure label="Titles watched" value={String(data.rows.length)} testId="titles-watched" />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <MinutesChart report={data} range={{ from: data.date_from, to: data.date_to }} />
      </Paper>
    </>
  );
}

function NoMatch({ search, onClear }: { search: string; onClear: () => void }) {
  return (
    <Stack align="center" py="lg" gap="sm">
      <Text c="dimmed">Nothing in the report matches “{search.trim()}”.</Text>
      <ClearSearch onClear={onClear} />
    </Stack>
  );
}

/**
 * The report's dates from the address (a date it gets wrong falls back to the default range rather than failing),
 * and why they cannot be reported. The picker shows a half-chosen range while the second date is awaited; the
 * report follows only when both are set, and a range left half-chosen goes back to the one shown.
 */
function useRange(
  url: { from: string; to: string },
  setUrl: (change: { from: string; to: string; page: string }) => void,
  fallback: DateRange,
) {
  const range: DateRange = isIsoDate(url.from) && isIsoDate(url.to) ? { from: url.from, to: url.to } : fallback;
  const problem = ReportBody.safeParse({ date_from: range.from, date_to: range.to }).error?.issues[0]?.message;
  const [picked, setPicked] = useState<Picked | null>(null);
  const choose = ([from, to]: Picked) => {
    if (from && to) {
      setPicked(null);
      setUrl({ from, to, page: '1' });
    } else setPicked([from, to]);
  };
  const shown: Picked = picked ?? [range.from, range.to];
  return { range, problem, shown, choose, cancel: () => setPicked(null) };
}

export function Component() {
  const [fallback] = useState(defaultRange);
  const [url, setUrl] = useUrlState({ ...fallback, q: '', sort: '', dir: 'asc', page: '1' });
  const [search, setSearch] = useUrlSearch(url.q, (q) => setUrl({ q, page: '1' }));
  const { range, problem, shown, choose, cancel } = useRange(url, setUrl, fallback);
  const report = useReport(problem ? null : range);
  const download = useDownloadReport();
  const picker = useDatePickerProps();

  const direction: SortDirection = url.dir === 'desc' ? 'desc' : 'asc';
  const data = report.data;
  const rows = useMemo(
    () =>
      sortReportRows(
        (data?.rows ?? []).filter((r) => matches(r, url.q)),
        url.sort,
        direction,
      ),
    [data, url.q, url.sort, direction],
  );
  const { page, pages, pageRows } = pageOf(rows, url.page, PAGE_SIZE);
  const searching = url.q.trim() !== '';
  const reloading = report.isPlaceholderData && report.isFetching;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-end" gap="sm">
          <DatePickerInput
            {...picker}
            type="range"
            label="Dates"
            valueFormat="DD/MM/YYYY"
            leftSection={<IconCalendar size={16} aria-hidden />}
            value={shown}
            onChange={choose}
            onDropdownClose={cancel}
            allowSingleDateInRange
            maxDate={fallback.to}
            presets={presets()}
            // The field turns red; the message stands where the report would be.
            error={Boolean(problem)}
            miw={250}
          />
          {reloading ? <Loader size="sm" aria-label="Loading the report" mb={8} /> : null}
        </Group>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          variant="default"
          loading={download.isPending}
          disabled={Boolean(problem)}
          onClick={() => download.mutate(range)}
        >
          Download CSV
        </Button>
      </Group>

      {problem ? (
        <Alert color="red" variant="light" role="alert" title="Choose other dates" icon={<IconCalendarX size={18} />}>
          {problem}
        </Alert>
      ) : (
        <ListState query={report} isEmpty={false} emptyText="">
          <Stack gap="md" style={{ opacity: reloading ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={reloading}>
            <Figures data={data} />

            {data?.rows.length === 0 ? null : (
              <ListHeader
                count={data ? countText(rows.length, data.rows.length, searching, ['title', 'titles']) : null}
                action={null}
              >
                <SearchField
                  label="Search the report"
                  placeholder="Search by brand or title"
                  value={search}
                  onChange={setSearch}
                />
              </ListHeader>
            )}

            {/* Days without viewing say so in the chart's place; the table then has nothing to add. */}
            {data?.rows.length === 0 ? null : data && rows.length === 0 ? (
              <NoMatch search={url.q} onClear={() => setUrl({ q: '', page: '1' })} />
            ) : (
              <ReportTable
                rows={pageRows}
                loading={!data}
                sort={url.sort}
                direction={direction}
                onSort={(sort, dir) => setUrl({ sort, dir })}
              />
            )}
            <ListPages total={pages} value={page} onChange={(p) => setUrl({ page: String(p) })} />
          </Stack>
        </ListState>
      )}
    </Stack>
  );
}

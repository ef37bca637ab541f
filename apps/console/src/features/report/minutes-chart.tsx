import type { Report } from '@kids-vod/contract';
import { AreaChart, BarChart } from '@mantine/charts';
import { Box, type MantineColor, Text, VisuallyHidden } from '@mantine/core';
// The charts' own styles (tooltip, legend); main.tsx loads only the packages every screen uses.
import '@mantine/charts/styles.css';
import { useId, useMemo } from 'react';
import { type DateRange, daysOf, formatMinutes, shortDate } from './format.ts';

/** Brands drawn each in their own colour; the rest are added up as "Other brands". */
const MAX_SERIES = 7;
const COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'lime.7', 'pink.6'];
const OTHER: Series = { name: 'other', label: 'Other brands', color: 'gray.6' };
/** Up to about three months, one bar a day reads well; longer ranges are drawn as areas. */
const MAX_BAR_DAYS = 92;

const wholeMinutes = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

interface Series {
  /** The key of its minutes in each day's entry. */
  name: string;
  label: string;
  color: MantineColor;
}

interface ChartData {
  series: Series[];
  /** One entry a day of the range (days without viewing included): date, minutes per series, total. */
  days: Record<string, number | string>[];
}

/** Minutes per day stacked by brand, the brands with most minutes first. */
function chartData(report: Report, range: DateRange): ChartData {
  const names = new Map(report.rows.map((r) => [r.brand_id, r.brand_name]));
  const brandTotals = new Map<number, number>();
  for (const d of report.by_day) brandTotals.set(d.brand_id, (brandTotals.get(d.brand_id) ?? 0) + d.minutes);
  const ranked = [...brandTotals.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  // With one more brand than fits, that brand is drawn itself rather than as a one-brand "Other".
  const shown = ranked.length > MAX_SERIES + 1 ? ranked.slice(0, MAX_SERIES) : ranked;
  const keyOf = new Map(shown.map((id) => [id, `brand${id}`]));
  // In name order, so that a brand keeps its colour while the range changes (as long as the same brands show).
  const series: Series[] = shown
    .map((id) => ({ name: `brand${id}`, label: names.get(id) || `Brand ${id}` }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en-GB'))
    .map((s, i) => ({ ...s, color: COLORS[i % COLORS.length] }));
  if (ranked.length > shown.length) series.push(OTHER);

  const byDate = new Map<string, Record<string, number | string>>();
  for (const date of daysOf(range)) {
    const day: Record<string, number | string> = { date: shortDate(date), total: 0 };
    for (const s of series) day[s.name] = 0;
    byDate.set(date, day);
  }
  for (const d of report.by_day) {
    const day = byDate.get(d.date);
    if (!day) continue;
    const key = keyOf.get(d.brand_id) ?? OTHER.name;
    // Sums of one-decimal minutes are rounded back to one decimal (0.1 + 0.2 is not 0.3 in floating point).
    day[key] = Math.round(((day[key] as number) + d.minutes) * 10) / 10;
    day.total = Math.round(((day.total as number) + d.minutes) * 10) / 10;
  }
  return { series, days: [...byDate.values()] };
}

/** The chart's text alternative: the same figures as a table, for screen readers. */
function DaysTable({ data, caption }: { data: ChartData; caption: string }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th>Date</th>
            {data.series.map((s) => (
              <th key={s.name}>{s.label}</th>
            ))}
            <th>Total</th>
          </tr>
        </thead>
        <tbody>
          {data.days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              {data.series.map((s) => (
                <td key={s.name}>{formatMinutes(d[s.name] as number)}</td>
              ))}
              <td>{formatMinutes(d.total as number)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/** A chart of minutes per day, stacked by brand, named by its caption and readable as a table too. */
export function MinutesChart({ report, range }: { report: Report; range: DateRange }) {
  const captionId = useId();
  const data = useMemo(() => chartData(report, range), [report, range]);
  const caption = `Minutes per day, ${shortDate(range.from)} to ${shortDate(range.to)}`;
  const common = {
    h: 280,
    data: data.days,
    dataKey: 'date',
    series: data.series,
    type: 'stacked' as const,
    withLegend: true,
    legendProps: { verticalAlign: 'bottom' as const, height: 40 },
    valueFormatter: (v: number) => `${formatMinutes(v)} min`,
    yAxisProps: { tickFormatter: (v: number) => wholeMinutes.format(v), width: 56 },
    // Day and month on the axis; the tooltip names the full date.
    xAxisProps: { tickFormatter: (v: string) => v.slice(0, 5), minTickGap: 12 },
    tooltipAnimationDuration: 150,
  };
  const long = data.days.length > MAX_BAR_DAYS;

  return (
    <Box component="figure" m={0} aria-labelledby={captionId} data-testid="minutes-chart">
      <Text component="figcaption" id={captionId} fw={600} mb="xs">
        {caption}
      </Text>
      {report.by_day.length === 0 ? (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          No viewing in these days.
        </Text>
      ) : (
        <>
          {/* The drawing repeats the table below it for sighted users; screen readers read the table. */}
          <Box aria-hidden>
            {long ? (
              <AreaChart {...common} withDots={false} curveType="monotone" accessibilityLayer={false} />
            ) : (
              <BarChart {...common} maxBarWidth={48} accessibilityLayer={false} />
            )}
          </Box>
          <DaysTable data={data} caption={caption} />
        </>
      )}
    </Box>
  );
}

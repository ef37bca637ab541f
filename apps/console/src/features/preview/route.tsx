import { Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useCountries, useLanguages } from '../../shared/api/index.ts';
import { HiddenItems, processingSentence } from '../../shared/hidden-items/index.ts';
import { ListState, useUrlState } from '../../shared/lists/index.ts';
import { formatInZone, MomentField, ownTimeZone } from '../../shared/time/index.ts';
import { usePreview } from './api.ts';
import { KidsHome } from './kids-home.tsx';

/** The choices live in the address, so a preview can be sent to a colleague: `?lang=es&country=FR`. */
const URL_DEFAULTS = { lang: 'en', country: 'US', at: '', brand: '' };

/** The moment a preview shows, in words: "now", or "at 27/11/2026 (Europe/London)". */
const seenAt = (at: string | null) => (at ? `at ${formatInZone(at, ownTimeZone())}` : 'now');

/** A language or a country of the preview, named with its code ("Spanish (es)"); one is always chosen. */
function CodeSelect({
  label,
  choices,
  value,
  onPick,
}: {
  label: 'Language' | 'Country';
  choices: { code: string; name: string }[];
  value: string;
  onPick: (code: string) => void;
}) {
  return (
    <Select
      label={label}
      data={choices.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
      value={value}
      onChange={(code) => code && onPick(code)}
      allowDeselect={false}
      searchable
      nothingFoundMessage={`No such ${label.toLowerCase()}`}
      w={label === 'Language' ? 220 : 260}
    />
  );
}

export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const languages = useLanguages();
  const countries = useCountries();
  const preview = usePreview(url.lang, url.country, url.at || undefined);
  const waiting = processingSentence(preview.data?.video_processing);
  const language = languages.data?.find((l) => l.code === url.lang);
  const country = countries.data?.find((c) => c.code2 === url.country);
  const brandId = url.brand ? Number(url.brand) : null;
  const languageChoices = (languages.data ?? []).map((l) => ({ code: l.code, name: l.name }));
  const countryChoices = (countries.data ?? []).map((c) => ({ code: c.code2, name: c.name }));
  // Another language or country shows another home: the brand opened in the last one may not be there.
  const choose = (key: 'lang' | 'country') => (code: string) => setUrl({ [key]: code, brand: '' });

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <CodeSelect label="Language" choices={languageChoices} value={url.lang} onPick={choose('lang')} />
        <CodeSelect label="Country" choices={countryChoices} value={url.country} onPick={choose('country')} />
        <MomentField
          label="See it at"
          empty="now"
          value={url.at || null}
          onChange={(iso) => setUrl({ at: iso ?? '', brand: '' })}
          timeZone={ownTimeZone()}
          testId="preview-moment"
          w={240}
        />
        {url.at ? (
          <Button variant="default" onClick={() => setUrl({ at: '', brand: '' })} mb={22}>
            Back to now
          </Button>
        ) : null}
      </Group>
      <ListState query={preview} isEmpty={false} emptyText="">
        {preview.data ? (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="xs" component="section" aria-labelledby="seen-title">
                <Title order={2} size="h4" id="seen-title">
                  What a child sees
                </Title>
                <Text size="sm" c="dimmed">
                  The {language?.name ?? url.lang} catalogue in {country?.name ?? url.country}, built as publishing
                  would build it {seenAt(url.at ? preview.data.at : null)}, filtered for the country as the apps do.
                </Text>
                <KidsHome
                  catalogue={preview.data.catalogue}
                  brandId={brandId}
                  onBrand={(id) => setUrl({ brand: id === null ? '' : String(id) })}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder p="md" component="section" aria-labelledby="hidden-title">
                <Stack gap="sm">
                  <Title order={2} size="h4" id="hidden-title">
                    Not shown here{' '}
                    <Text span c="dimmed" size="sm">
                      {preview.data.hidden.length}
                    </Text>
                  </Title>
                  {waiting ? (
                    <Text size="sm" c="dimmed" data-testid="preview-video-processing">
                      {waiting}
                    </Text>
                  ) : null}
                  <HiddenItems
                    items={preview.data.hidden}
                    context={{ language: language?.name ?? url.lang, country: country?.name ?? url.country }}
                  />
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        ) : null}
      </ListState>
    </Stack>
  );
}

import { Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useCountries, useLanguages } from '../../shared/api/index.ts';
import { HiddenItems } from '../../shared/hidden-items/index.ts';
import { ListState, useUrlState } from '../../shared/lists/index.ts';
import { formatInZone, MomentField, ownTimeZone } from '../../shared/time/index.ts';
import { usePreview } from './api.ts';
import { KidsHome } from './kids-home.tsx';

/** The choices live in the address, so a preview can be sent to a colleague: `?lang=es&country=FR`. */
const URL_DEFAULTS = { lang: 'en', country: 'US', at: '', brand: '' };

/** The moment a preview shows, in words: "now", or "at 27/11/2026 (Europe/London)". */
const seenAt = (at: string | null) => (at ? `at ${formatInZone(at, ownTimeZone())}` : 'now');

export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const languages = useLanguages();
  const countries = useCountries();
  const preview = usePreview(url.lang, url.country, url.at || undefined);
  const language = languages.data?.find((l) => l.code === url.lang);
  const country = countries.data?.find((c) => c.code2 === url.country);
  const brandId = url.brand ? Number(url.brand) : null;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <Select
          label="Language"
          data={(languages.data ?? []).map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }))}
          value={url.lang}
          onChange={(v) => v && setUrl({ lang: v, brand: '' })}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No such language"
          w={220}
        />
        <Select
          label="Country"
          data={(countries.data ?? []).map((c) => ({ value: c.code2, label: `${c.name} (${c.code2})` }))}
          value={url.country}
          onChange={(v) => v && setUrl({ country: v, brand: '' })}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No such country"
          w={260}
        />
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

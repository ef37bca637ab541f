import { buttonProblemsOnSave, type Promo, PromoAddFields } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { Grid, Loader, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { itemQueries, useBrandContent, useBrandNames } from '../../shared/api/index.ts';
import { NOT_IN_NEXT_CATALOGUE } from '../../shared/bin/index.ts';
import { addOrUpdate, EditorModal, useEditor } from '../../shared/editing/index.ts';
import {
  ColourField,
  choicesError,
  ImageField,
  imageInput,
  LanguageSelect,
  SortField,
} from '../../shared/fields/index.ts';
import { useMay } from '../../shared/session/index.ts';
import { WindowFields, windowErrors } from '../../shared/time/index.ts';
import { usePromoSaves, useSeasonContent } from './api.ts';
import { BannerPreview } from './banner-preview.tsx';
import { contentLabel } from './banner-target.ts';
import { ALL_LANGUAGES, type PromoFormValues, promoBody, promoFormValues } from './promo-form.ts';

const validatePromo = schemaResolver(PromoAddFields, { sync: true });

const ALL_LANGUAGES_CHOICE = { value: ALL_LANGUAGES, label: 'All languages' };

const CONTENT_MOVED = 'Its episode is no longer in this season: choose one again';

/**
 * Creates or edits one promo banner, with a live preview of the banner beside the fields.
 * Unmounted after it closes, so nothing of the edited banner survives.
 */
export function PromoModal({ initial, onClosed }: { initial: Promo | null; onClosed: () => void }) {
  const queryClient = useQueryClient();
  const { add, update } = usePromoSaves();
  const brands = useBrandNames();
  // Read by validation: a banner whose episode left its season is not saved with it.
  const moved = useRef(false);
  const mayChange = useMay(CALL_PERMISSIONS.promo.update);
  const editor = useEditor<Promo, PromoFormValues>({
    initial,
    toValues: promoFormValues,
    validate: (v) => ({
      ...validatePromo(promoBody(v)),
      ...Object.fromEntries(buttonProblemsOnSave(promoBody(v), initial ?? undefined).map((p) => [p.path, p.message])),
      ...windowErrors(v),
      ...(moved.current ? { content_id: CONTENT_MOVED } : {}),
    }),
    save: addOrUpdate(promoBody, add, update),
    reread: (promo) => queryClient.fetchQuery({ ...itemQueries.promo(promo.id), staleTime: 0 }),
  });
  const { form } = editor;
  const { values } = form;
  const brandId = values.brand_id ? Number(values.brand_id) : null;
  const season = values.season ? Number(values.season) : null;
  const brandContent = useBrandContent(brandId);
  const seasonContent = useSeasonContent(brandId, season);

  const brandOptions = useMemo(
    () => (brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name })),
    [brands.data],
  );
  const seasonOptions = useMemo(() => {
    const found = new Set((brandContent.data ?? []).map((c) => c.season));
    // A banner may name a season that has no content (yet); it stays shown.
    if (season !== null) found.add(season);
    return [...found].sort((a, b) => a - b).map((s) => ({ value: String(s), label: `Season ${s}` }));
  }, [brandContent.data, season]);
  // The banner's episode may have moved to another season since it was chosen (content has no link back to
  // banners): the Select would show nothing, and a save would keep an episode the form does not show.
  const contentMoved =
    values.content_id !== null &&
    seasonContent.isSuccess &&
    !seasonContent.data.some((c) => String(c.id) === values.content_id);
  moved.current = contentMoved;
  const contentOptions = useMemo(
    () => (seasonContent.data ?? []).map((c) => ({ value: String(c.id), label: contentLabel(c) })),
    [seasonContent.data],
  );

  const seasonPlaceholder =
    brandId === null
      ? 'Choose a brand first'
      : brandContent.isSuccess && seasonOptions.length === 0
        ? 'This brand has no content yet'
        : 'No season';
  const loadingIcon = <Loader size="xs" aria-label="Loading" />;

  return (
    <EditorModal
      readOnly={!mayChange}
      editor={editor}
      entity="promos"
      label="Promo banner"
      size={1000}
      onClosed={onClosed}
      remove={(promo) => ({
        // A banner has no name of its own but its title.
        name: promo.title.trim() || `Promo banner ${promo.id}`,
        consequence: NOT_IN_NEXT_CATALOGUE,
      })}
    >
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <TextInput label="Title" data-autofocus {...form.getInputProps('title')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Brand"
                placeholder="No brand"
                data={brandOptions}
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Clear brand' }}
                nothingFoundMessage="No brand by that name"
                rightSection={brands.isFetching && !brands.data ? loadingIcon : undefined}
                value={values.brand_id}
                error={form.errors.brand_id ?? choicesError(brands, 'the brands')}
                // Another brand has other seasons and content: both are chosen again.
                onChange={(v) => form.setValues({ brand_id: v, season: null, content_id: null })}
              />
              <Select
                label="Season"
                placeholder={seasonPlaceholder}
                data={seasonOptions}
                disabled={brandId === null}
                clearable
                clearButtonProps={{ 'aria-label': 'Clear season' }}
                rightSection={brandContent.isFetching && !brandContent.data ? loadingIcon : undefined}
                value={values.season}
                error={form.errors.season ?? choicesError(brandContent, 'the seasons')}
                // The content of the new season is loaded; the episode is chosen again from it.
                onChange={(v) => form.setValues({ season: v, content_id: null })}
              />
            </SimpleGrid>
            <Select
              label="Content"
              placeholder={season === null ? 'Choose a season first' : 'No content (the brand page)'}
              data={contentOptions}
              disabled={brandId === null || season === null}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': 'Clear content' }}
              nothingFoundMessage={seasonContent.isFetching ? 'Loading…' : 'No content in this season'}
              rightSection={seasonContent.isFetching ? loadingIcon : undefined}
              // Thousands of episodes would make a slow list; searching narrows it.
              limit={200}
              {...form.getInputProps('content_id')}
              error={
                form.errors.content_id ??
                (contentMoved ? CONTENT_MOVED : choicesError(seasonContent, 'the content of that season'))
              }
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <LanguageSelect
                label="Language"
                description="The app language that shows it"
                first={ALL_LANGUAGES_CHOICE}
                {...form.getInputProps('lang_id')}
              />
              <SortField {...form.getInputProps('sort')} />
            </SimpleGrid>
            <TextInput label="Button text" {...form.getInputProps('button_text')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <ColourField
                label="Background colour"
                value={values.bg_color}
                onChange={(hex) => form.setFieldValue('bg_color', hex)}
                error={form.errors.bg_color}
              />
              <ColourField
                label="Button colour"
                value={values.button_color}
                onChange={(hex) => form.setFieldValue('button_color', hex)}
                error={form.errors.button_color}
              />
            </SimpleGrid>
            {/* Banners go to the apps through the alternative platform, which takes files up to 1 MB. */}
            <ImageField label="Image" platform="other" {...imageInput(form, 'image_url')} />
            <Switch label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
            <WindowFields form={form} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xs" style={{ position: 'sticky', top: 'calc(var(--modal-header-height, 60px) + 8px)' }}>
            <Title order={3} size="h5">
              Preview
            </Title>
            <BannerPreview banner={values} label="Banner preview" placeholders testId="banner-preview" />
            <Text size="xs" c="dimmed">
              As the app shows it; text is dark or light, whichever reads better on the colour.
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </EditorModal>
  );
}

import { type Content, DEFAULT_LANG_ID, DEFAULT_PICKER_COLOR, type Promo, PromoAddBody } from '@kids-vod/contract';
import {
  Button,
  Grid,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ColourField } from '../../components/colour-field.tsx';
import { closeUnlessUnsaved } from '../../components/confirm.tsx';
import { ConflictAlert, useConflict } from '../../components/conflict-alert.tsx';
import { ImageField, useImageUploading } from '../../components/image-field.tsx';
import { choicesError } from '../../components/list-state.tsx';
import { useOpenerFocus } from '../../lib/opener-focus.ts';
import { useBrandContent, useBrands, useLanguages } from '../../lib/reads.ts';
import { showRefusal, startFrom } from '../../lib/saved-form.ts';
import { useUnsaved } from '../../lib/unsaved.ts';
import { promosQuery, useAddPromo, useSeasonContent, useUpdatePromo } from './api.ts';
import { BannerPreview } from './banner-preview.tsx';

/** The language Select's value for a banner shown in every language (`lang_id: null`). */
export const ALL_LANGUAGES = 'all';

interface PromoFormValues {
  title: string;
  /** Selects hold ids as strings; null is "none chosen". */
  brand_id: string | null;
  season: string | null;
  content_id: string | null;
  lang_id: string;
  image_url: string | null;
  button_text: string;
  bg_color: string;
  button_color: string;
  sort: number | string;
  is_active: boolean;
}

function promoFormValues(promo: Promo | null): PromoFormValues {
  const id = (v: number | null | undefined) => (v == null ? null : String(v));
  return {
    title: promo?.title ?? '',
    brand_id: id(promo?.brand_id),
    season: id(promo?.season),
    content_id: id(promo?.content_id),
    lang_id: promo?.lang_id == null ? ALL_LANGUAGES : String(promo.lang_id),
    image_url: promo?.image_url ?? null,
    button_text: promo?.button_text ?? '',
    bg_color: promo?.bg_color ?? DEFAULT_PICKER_COLOR,
    button_color: promo?.button_color ?? DEFAULT_PICKER_COLOR,
    sort: promo?.sort ?? 0,
    is_active: promo?.is_active ?? true,
  };
}

function promoBody(values: PromoFormValues) {
  const id = (v: string | null) => (v === null || v === '' ? null : Number(v));
  return {
    title: values.title,
    brand_id: id(values.brand_id),
    season: id(values.season),
    content_id: id(values.content_id),
    lang_id: values.lang_id === ALL_LANGUAGES ? null : Number(values.lang_id),
    image_url: values.image_url,
    button_text: values.button_text,
    bg_color: values.bg_color,
    button_color: values.button_color,
    sort: values.sort === '' ? undefined : Number(values.sort),
    is_active: values.is_active,
  };
}
const validatePromo = schemaResolver(PromoAddBody, { sync: true });

const CONTENT_MOVED = 'Its episode is no longer in this season: choose one again';

/** An episode as the content Select names it: its number in the season and its title in language 1. */
function contentLabel(item: Content): string {
  const title = item.langs.find((l) => l.lang_id === DEFAULT_LANG_ID)?.title.trim();
  return `E${item.sort_number} · ${title || 'Untitled'}`;
}

/**
 * Creates or edits one promo banner, with a live preview of the banner beside the fields.
 * Unmounted after it closes, so nothing of the edited banner survives.
 */
export function PromoModal({ initial, onClosed }: { initial: Promo | null; onClosed: () => void }) {
  const [opened, setOpened] = useState(true);
  const returnFocus = useOpenerFocus();
  // The banner as opened, or as stored when a conflict was settled: its `updated_at` guards the save.
  const [base, setBase] = useState(initial);
  const queryClient = useQueryClient();
  const conflict = useConflict<Promo>();
  const add = useAddPromo();
  const update = useUpdatePromo();
  const brands = useBrands();
  const languages = useLanguages();
  const form = useForm<PromoFormValues>({
    initialValues: promoFormValues(initial),
    validate: (values) => validatePromo(promoBody(values)),
  });
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
  const contentOptions = useMemo(
    () => (seasonContent.data ?? []).map((c) => ({ value: String(c.id), label: contentLabel(c) })),
    [seasonContent.data],
  );
  const languageOptions = useMemo(
    () => [
      { value: ALL_LANGUAGES, label: 'All languages' },
      ...(languages.data ?? []).map((l) => ({ value: String(l.id), label: l.name })),
    ],
    [languages.data],
  );

  const close = () => setOpened(false);
  const uploading = useImageUploading();
  const unsaved = form.isDirty() || uploading;
  const requestClose = () => closeUnlessUnsaved(unsaved, close);
  useUnsaved(unsaved);
  const onError = (err: Error) => showRefusal(form, err);
  const submit = form.onSubmit((v) => {
    if (contentMoved) return form.setFieldError('content_id', CONTENT_MOVED);
    const body = promoBody(v);
    if (!base) return add.mutate(body, { onSuccess: close, onError });
    update.mutate(
      { ...body, id: base.id, updated_at: base.updated_at },
      {
        onSuccess: close,
        onError: (err) => {
          onError(err);
          void conflict.check(err, base.updated_at, async () =>
            (await queryClient.fetchQuery({ ...promosQuery, staleTime: 0 })).find((p) => p.id === base.id),
          );
        },
      },
    );
  });

  const seasonPlaceholder =
    brandId === null
      ? 'Choose a brand first'
      : brandContent.isSuccess && seasonOptions.length === 0
        ? 'This brand has no content yet'
        : 'No season';
  const loadingIcon = <Loader size="xs" aria-label="Loading" />;

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      onExitTransitionEnd={() => {
        returnFocus();
        onClosed();
      }}
      title={initial ? 'Edit banner' : 'New banner'}
      size={1000}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate aria-label="Promo banner">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <TextInput label="Title" data-autofocus key={form.key('title')} {...form.getInputProps('title')} />
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
                key={form.key('content_id')}
                {...form.getInputProps('content_id')}
                error={
                  form.errors.content_id ??
                  (contentMoved ? CONTENT_MOVED : choicesError(seasonContent, 'the content of that season'))
                }
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Select
                  label="Language"
                  description="The app language that shows it"
                  data={languageOptions}
                  searchable
                  allowDeselect={false}
                  key={form.key('lang_id')}
                  {...form.getInputProps('lang_id')}
                  error={form.errors.lang_id ?? choicesError(languages, 'the languages')}
                />
                <NumberInput
                  label="Sort"
                  description="Lower numbers come first"
                  allowDecimal={false}
                  key={form.key('sort')}
                  {...form.getInputProps('sort')}
                />
              </SimpleGrid>
              <TextInput label="Button text" key={form.key('button_text')} {...form.getInputProps('button_text')} />
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
              <ImageField
                label="Image"
                platform="other"
                value={values.image_url}
                onChange={(url) => form.setFieldValue('image_url', url)}
                error={form.errors.image_url as string | undefined}
              />
              <Switch
                label="Active"
                key={form.key('is_active')}
                {...form.getInputProps('is_active', { type: 'checkbox' })}
              />
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
        <ConflictAlert
          conflict={conflict}
          what="banner"
          adopt={setBase}
          loadTheirs={(stored) => startFrom(form, promoFormValues(stored))}
        />
        <Group
          justify="flex-end"
          gap="sm"
          mt="lg"
          py="sm"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 1,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Button variant="default" onClick={requestClose}>
            Close
          </Button>
          <Button type="submit" loading={add.isPending || update.isPending || uploading}>
            {initial ? 'Save banner' : 'Create banner'}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

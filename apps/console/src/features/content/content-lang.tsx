import { type ContentLang, ContentLangAddBody, type Language } from '@kids-vod/contract';
import { Alert, Button, Grid, Group, Loader, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { itemQueries } from '../../shared/api/index.ts';
import { DeleteToBinButton } from '../../shared/bin/index.ts';
import { LanguageTabs, startFrom, valuesFrom } from '../../shared/editing/index.ts';
import { ImageField, imageInput } from '../../shared/fields/index.ts';
import { lazyComponent } from '../../shared/screen/index.ts';
import { NotPlannedSwitch } from './not-planned.tsx';
import { VideoSection } from './video-section.tsx';

/** Subtitles (upload, cues, timing shift) load with the first version shown, not with the modal. */
const SubtitlesSection = lazyComponent(() => import('./subtitles-section.tsx').then((m) => m.default));

export interface LangValues {
  title: string;
  description: string;
  thumbnail_url: string | null;
  is_published: boolean;
}
export type LangForm = UseFormReturnType<LangValues>;

const langValues = (version: ContentLang | null): LangValues =>
  valuesFrom(version, { title: '', description: '', thumbnail_url: null, is_published: false });
const validateLang = schemaResolver(
  ContentLangAddBody.pick({ title: true, description: true, thumbnail_url: true, is_published: true }),
  { sync: true },
);

/**
 * The form of the language version on the tab shown. It follows the tab and that version as saved; a version that
 * arrives under typed text (attaching a video creates it, or another tab added it) keeps the text, unsaved where
 * it differs.
 */
export function useContentLangForm(langId: number, version: ContentLang | null, langsReady: boolean): LangForm {
  const form = useForm<LangValues>({ initialValues: langValues(null), validate: validateLang });
  const shown = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the tab or its version (a new one, or one saved anew: restored from its history) moves the form, not a refetch
  useEffect(() => {
    const values = langValues(version);
    if (shown.current === langId && form.isDirty()) form.setInitialValues(values);
    else startFrom(form, values);
    form.clearErrors();
    shown.current = langId;
  }, [langId, version?.id, version?.updated_at, langsReady]);
  return form;
}

/**
 * The languages an episode's tabs show (issue 36): its brand's versions, which the catalogue can show it in, those
 * it already has a version in, and the one chosen; the rest are offered to add, so 17 tabs are not all empty ones.
 */
export function tabLanguages(languages: Language[], brandLangs: Set<number>, present: Set<number>, chosen: number) {
  const tabs = languages.filter((l) => brandLangs.has(l.id) || present.has(l.id) || l.id === chosen);
  return { tabs, others: languages.filter((l) => !tabs.includes(l)) };
}

/**
 * The tabs of the episode's brand's languages and its own, and the others to add. It opens on one of them: the first
 * when the language it opened on is neither the brand's nor the episode's.
 */
function useLanguageTabs(
  brandId: number,
  languages: Language[],
  langs: UseQueryResult<ContentLang[]>,
  langId: number,
  onChooseLanguage: (langId: number) => void,
) {
  const brand = useQuery(itemQueries.brand(brandId));
  const brandLangs = new Set((brand.data?.langs ?? []).map((l) => l.lang_id));
  const present = new Set((langs.data ?? []).map((l) => l.lang_id));
  const own = languages.filter((l) => brandLangs.has(l.id) || present.has(l.id));
  const opened = useRef(false);
  const loaded = brand.isSuccess && langs.isSuccess && languages.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when what the tabs are is first known
  useEffect(() => {
    if (!loaded || opened.current) return;
    opened.current = true;
    if (own.length > 0 && !own.some((l) => l.id === langId)) onChooseLanguage(own[0].id);
  }, [loaded]);
  return {
    ...tabLanguages(languages, brandLangs, present, langId),
    present,
    /** Whether the brand lacks the language (false until the brand is read). */
    brandLacks: (id: number) => brand.isSuccess && !brandLangs.has(id),
  };
}

/** The item's language versions behind tabs: each tab's text fields (saved with the modal) and its video. */
export function ContentLangs({
  brandId,
  contentId,
  languages,
  langs,
  langId,
  onChooseLanguage,
  form,
  onUseDuration,
}: {
  brandId: number;
  contentId: number;
  languages: UseQueryResult<Language[]>;
  langs: UseQueryResult<ContentLang[]>;
  langId: number;
  onChooseLanguage: (langId: number) => void;
  form: LangForm;
  onUseDuration: (seconds: number) => void;
}) {
  const version = langs.data?.find((l) => l.lang_id === langId) ?? null;
  const langName = languages.data?.find((l) => l.id === langId)?.name ?? `language ${langId}`;
  const { tabs, others, present, brandLacks } = useLanguageTabs(
    brandId,
    languages.data ?? [],
    langs,
    langId,
    onChooseLanguage,
  );
  if (langs.isError || languages.isError) {
    return (
      <Alert
        color="red"
        title={languages.isError ? 'Could not load the languages' : 'Could not load the language versions'}
      >
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => {
            if (languages.isError) languages.refetch();
            if (langs.isError) langs.refetch();
          }}
        >
          Retry
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {others.length > 0 ? (
        <Select
          aria-label="Add a language version"
          placeholder="Add a language version"
          data={others.map((l) => ({ value: String(l.id), label: l.name }))}
          value={null}
          onChange={(v) => v && onChooseLanguage(Number(v))}
          searchable
          nothingFoundMessage="No such language"
          size="xs"
          w={240}
          style={{ alignSelf: 'flex-end' }}
        />
      ) : null}
      <LanguageTabs languages={tabs} present={present} value={langId} onChange={onChooseLanguage}>
        {() => (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="sm" role="group" aria-label={`${langName} version`}>
                {!version && langs.isSuccess ? (
                  <Text size="sm" c="dimmed">
                    There is no {langName} version yet.
                  </Text>
                ) : null}
                <NotPlannedSwitch contentId={contentId} langId={langId} langName={langName} />
                {brandLacks(langId) && (
                  <Text size="sm" c="dimmed" data-testid="brand-lacks-language">
                    The brand has no {langName} version: the apps show this episode in {langName} once it has one.
                  </Text>
                )}
                <TextInput label="Title" maxLength={300} {...form.getInputProps('title')} />
                <Textarea
                  label="Description"
                  autosize
                  minRows={3}
                  maxRows={8}
                  maxLength={5000}
                  {...form.getInputProps('description')}
                />
                <ImageField
                  // Each item's language has its own field, so an upload stops when either changes.
                  key={`${contentId}-${langId}`}
                  label="Thumbnail"
                  {...imageInput(form, 'thumbnail_url')}
                />
                <Group justify="space-between" gap="xs">
                  <Switch
                    label={`Published in ${langName}`}
                    {...form.getInputProps('is_published', { type: 'checkbox' })}
                  />
                  {version ? (
                    <DeleteToBinButton
                      item={{
                        entity: 'content_langs',
                        id: version.id,
                        name: `${langName} version`,
                        consequence: `Its video goes with it; the apps in ${langName} no longer show the content until it is restored.`,
                      }}
                      what={`${langName} version`}
                      unsaved={form.isDirty()}
                    />
                  ) : null}
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <VideoSection
                key={`${contentId}-${langId}`}
                contentId={contentId}
                langId={langId}
                langName={langName}
                version={version}
                versions={langs.data ?? []}
                languages={languages.data ?? []}
                onUseDuration={onUseDuration}
              />
              <Suspense fallback={<Loader size="sm" mt="md" aria-label="Loading the captions section" />}>
                <SubtitlesSection key={`subtitles-${contentId}-${langId}`} version={version} langName={langName} />
              </Suspense>
            </Grid.Col>
          </Grid>
        )}
      </LanguageTabs>
    </Stack>
  );
}

import { type BrandName, type Content, ContentAddBody, DEFAULT_LANG_ID } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { formatDuration } from '@kids-vod/contract/format';
import { Alert, Box, Divider, SimpleGrid, Switch } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { itemQueries, useLanguages } from '../../shared/api/index.ts';
import { EditorModal, showRefusal, useEditor } from '../../shared/editing/index.ts';
import { NumberField, numberOrUndefined } from '../../shared/fields/index.ts';
import { useMay } from '../../shared/session/index.ts';
import { WindowFields, type WindowValues, windowBody, windowErrors } from '../../shared/time/index.ts';
import { stopUploadQuestion, VIDEO_UPLOAD_KEY } from '../../shared/videos/index.ts';
import {
  contentKeys,
  useAddContent,
  useContentLangs,
  useContentVersionSaves,
  useUpdateContent,
} from './content-api.ts';
import { ContentLangs, useContentLangForm } from './content-lang.tsx';
import { defaultTitle, episodeCode } from './format.ts';
import { useLangAsked } from './lang-asked.ts';
import { VideoDurations } from './video-durations.tsx';

/** Number inputs hold '' while empty. */
type NumberValue = number | string;

interface ContentValues extends WindowValues {
  season: NumberValue;
  sort_number: NumberValue;
  duration_sec: NumberValue;
  is_published: boolean;
}

const validateContentFields = schemaResolver(
  ContentAddBody.pick({ season: true, sort_number: true, duration_sec: true, is_published: true }),
  { sync: true },
);

function toContentBody(values: ContentValues) {
  return {
    season: numberOrUndefined(values.season),
    sort_number: numberOrUndefined(values.sort_number),
    duration_sec: numberOrUndefined(values.duration_sec),
    is_published: values.is_published,
    ...windowBody(values),
  };
}

function validateContent(values: ContentValues, item: Content | null) {
  const errors = validateContentFields(toContentBody(values));
  if (values.season === '') errors.season = 'Enter a season';
  if (values.sort_number === '' && item) errors.sort_number = 'Enter a number';
  if (values.duration_sec === '') errors.duration_sec = 'Enter the duration in seconds (0 when unknown)';
  return { ...errors, ...windowErrors(values) };
}

/** The stop of a save whose language version is refused: its fields say why, the content is not sent. */
class LangRefused extends Error {}

/**
 * Creates or edits one content item: its own fields, then, once it exists, its language versions (title,
 * description, thumbnail, published) and the video of each language. One Save saves the fields and the
 * language version on screen. Unmounted after it closes, so the item's language data goes with it.
 */
export function ContentModal({
  brand,
  initial,
  defaultSeason,
  onClosed,
}: {
  brand: BrandName;
  initial: Content | null;
  defaultSeason: number;
  onClosed: () => void;
}) {
  const queryClient = useQueryClient();
  const videoUploading = useIsMutating({ mutationKey: VIDEO_UPLOAD_KEY }) > 0;
  const languages = useLanguages();
  const addContent = useAddContent();
  const updateContent = useUpdateContent();
  const { add: addLang, update: updateLang } = useContentVersionSaves();
  // A link to a version (readiness) opens its tab: `?lang=` in the address.
  const [langId, setLangId] = useState(useLangAsked());
  const [itemId, setItemId] = useState(initial?.id ?? null);
  const langs = useContentLangs(itemId);
  const version = langs.data?.find((l) => l.lang_id === langId) ?? null;
  const langForm = useContentLangForm(langId, version, langs.isSuccess);

  const mayChange = useMay(CALL_PERMISSIONS.content.update);
  const editor = useEditor<Content, ContentValues>({
    initial,
    toValues: (item) =>
      item
        ? {
            season: item.season,
            sort_number: item.sort_number,
            duration_sec: item.duration_sec,
            is_published: item.is_published,
            available_from: item.available_from,
            available_until: item.available_until,
          }
        : {
            season: defaultSeason,
            sort_number: '',
            duration_sec: 0,
            is_published: false,
            available_from: null,
            available_until: null,
          },
    validate: validateContent,
    save: async (values, item): Promise<Content> => {
      // Both halves are checked before either is sent.
      if (item && langForm.validate().hasErrors) throw new LangRefused();
      const body = toContentBody(values);
      if (!item) return addContent.mutateAsync({ brand_id: brand.id, ...body });
      if (!editor.form.isDirty()) return item;
      const moved = body.season !== item.season || body.sort_number !== item.sort_number;
      // The duration only when typed here: the server fills it from the video meanwhile (decision 063), without
      // touching updated_at, so a form opened before sending its 0 would write over it.
      const { duration_sec, ...rest } = body;
      const durationTyped: boolean = editor.form.isDirty('duration_sec');
      return updateContent.mutateAsync({
        id: item.id,
        ...rest,
        ...(durationTyped ? { duration_sec } : {}),
        ...(moved ? { sort_number_changed: true } : {}),
        updated_at: item.updated_at,
      });
    },
    reread: (item) => queryClient.fetchQuery({ ...itemQueries.content(item.id), staleTime: 0 }),
    // A new item stays open for its language versions and videos.
    stay: true,
    afterSave: async (saved, wasNew) => {
      setItemId(saved.id);
      if (wasNew || !langForm.isDirty()) return true;
      const values = langForm.getValues();
      try {
        await (version
          ? updateLang.mutateAsync({ id: version.id, ...values })
          : addLang.mutateAsync({ content_id: saved.id, lang_id: langId, ...values }));
      } catch (err) {
        showRefusal(langForm, err);
        return false;
      }
      // What was sent is now saved; anything typed since stays unsaved.
      langForm.resetDirty(values);
      return true;
    },
    unsavedElsewhere: langForm.isDirty() || videoUploading,
    closeQuestion: (dirty) => (videoUploading ? stopUploadQuestion(dirty) : undefined),
    onGone: (item) => item && queryClient.removeQueries({ queryKey: contentKeys.langs(item.id) }),
  });
  const { form, item } = editor;

  function chooseLanguage(next: number) {
    if (next === langId) return;
    editor.leaveUnlessUnsaved(langForm.isDirty(), () => setLangId(next));
  }

  const duration = Number(form.values.duration_sec);
  const takeDuration = (seconds: number) => form.setFieldValue('duration_sec', seconds);
  // The title follows a saved English title at once, before the list reloads.
  const englishTitle = item
    ? (langs.data?.find((l) => l.lang_id === DEFAULT_LANG_ID)?.title ?? defaultTitle(item))
    : '';
  const named = item ? `${episodeCode(item)}${englishTitle ? ` · ${englishTitle}` : ''}` : '';

  return (
    <EditorModal
      readOnly={!mayChange}
      editor={editor}
      entity="content"
      title={item ? `Edit ${named}` : `New content · ${brand.name}`}
      size={960}
      onClosed={onClosed}
      remove={() => ({
        name: `${brand.name} · ${named}`,
        consequence:
          'Its language versions and videos go with it; compilations that link it and banners that open it leave it out until it is restored.',
      })}
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <NumberField
          label="Season"
          description="Seasons start at 1"
          min={1}
          max={1000}
          required
          {...form.getInputProps('season')}
        />
        <NumberField
          label="Sort number"
          min={1}
          max={1_000_000}
          placeholder={item ? undefined : 'Last in the season'}
          description={item ? 'Other items move to make room' : 'Empty: last; others move to make room'}
          required={!!item}
          {...form.getInputProps('sort_number')}
        />
        <NumberField
          label="Duration (seconds)"
          min={0}
          max={1_000_000}
          description={`= ${formatDuration(Number.isFinite(duration) ? duration : null)} (mm:ss)`}
          required
          {...form.getInputProps('duration_sec')}
        />
        <Box pt={48}>
          <Switch label="Published" {...form.getInputProps('is_published', { type: 'checkbox' })} />
        </Box>
      </SimpleGrid>
      <Box mt="sm">
        <WindowFields form={form} />
      </Box>
      <VideoDurations versions={langs.data} duration={form.values.duration_sec} onUse={takeDuration} />

      <Divider label="Language versions" labelPosition="left" my="md" />
      {item ? (
        <ContentLangs
          brandId={brand.id}
          contentId={item.id}
          languages={languages}
          langs={langs}
          langId={langId}
          onChooseLanguage={chooseLanguage}
          form={langForm}
          onUseDuration={takeDuration}
        />
      ) : (
        <Alert variant="light" icon={<IconInfoCircle size={18} />} title="Create the content first">
          Language versions (title, description, thumbnail) and videos can be added once the content is saved.
        </Alert>
      )}
    </EditorModal>
  );
}

import {
  type Brand,
  type Content,
  ContentAddBody,
  type ContentLang,
  ContentLangAddBody,
  DEFAULT_LANG_ID,
} from '@kids-vod/contract';
import {
  Alert,
  Button,
  Divider,
  Grid,
  Group,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { closeUnlessUnsaved } from '../../components/confirm.tsx';
import { ConflictAlert, useConflict } from '../../components/conflict-alert.tsx';
import { ImageField, useImageUploading } from '../../components/image-field.tsx';
import { LanguageTabs } from '../../components/language-tabs.tsx';
import { contentListQuery, useLanguages } from '../../lib/reads.ts';
import { showSaved, startFrom } from '../../lib/saved-form.ts';
import { useUnsaved } from '../../lib/unsaved.ts';
import {
  contentKeys,
  useAddContent,
  useAddContentLang,
  useContentLangs,
  useUpdateContent,
  useUpdateContentLang,
} from './content-api.ts';
import { defaultTitle, episodeCode, formatDuration } from './format.ts';
import { VIDEO_UPLOAD_KEY } from './video-api.ts';
import { VideoSection } from './video-section.tsx';

/** Number inputs hold '' while empty. */
type NumberValue = number | string;

interface ContentValues {
  season: NumberValue;
  sort_number: NumberValue;
  duration_sec: NumberValue;
  is_published: boolean;
}

interface LangValues {
  title: string;
  description: string;
  thumbnail_url: string | null;
  is_published: boolean;
}

const contentFieldsSchema = ContentAddBody.pick({
  season: true,
  sort_number: true,
  duration_sec: true,
  is_published: true,
});
const validateContentFields = schemaResolver(contentFieldsSchema, { sync: true });
const validateLangFields = schemaResolver(
  ContentLangAddBody.pick({ title: true, description: true, thumbnail_url: true, is_published: true }),
  { sync: true },
);

const asNumber = (v: NumberValue): number | undefined => (v === '' ? undefined : Number(v));

function toContentBody(values: ContentValues) {
  return {
    season: asNumber(values.season),
    sort_number: asNumber(values.sort_number),
    duration_sec: asNumber(values.duration_sec),
    is_published: values.is_published,
  };
}

function contentValues(edited: Content | 'new' | null, defaultSeason: number): ContentValues {
  if (!edited || edited === 'new') {
    return { season: defaultSeason, sort_number: '', duration_sec: 0, is_published: false };
  }
  return {
    season: edited.season,
    sort_number: edited.sort_number,
    duration_sec: edited.duration_sec,
    is_published: edited.is_published,
  };
}

function langValues(version: ContentLang | null): LangValues {
  return {
    title: version?.title ?? '',
    description: version?.description ?? '',
    thumbnail_url: version?.thumbnail_url ?? null,
    is_published: version?.is_published ?? false,
  };
}

/**
 * Creates or edits one content item: its own fields, then, once it exists, its language versions
 * (title, description, thumbnail, published) and the video of each language.
 */
export function ContentModal({
  brand,
  edited,
  defaultSeason,
  onSaved,
  onClose,
}: {
  brand: Brand;
  /** 'new' while creating; the saved item afterwards (its `updated_at` guards the next save). */
  edited: Content | 'new' | null;
  defaultSeason: number;
  onSaved: (saved: Content) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const conflict = useConflict<Content>();
  const uploading = useIsMutating({ mutationKey: VIDEO_UPLOAD_KEY }) > 0;
  const imageUploading = useImageUploading();
  const opened = edited !== null;
  const item = edited && edited !== 'new' ? edited : null;
  const languages = useLanguages();
  const langs = useContentLangs(opened && item ? item.id : null);
  const addContent = useAddContent();
  const updateContent = useUpdateContent();
  const addLang = useAddContentLang();
  const updateLang = useUpdateContentLang();
  const [langId, setLangId] = useState(DEFAULT_LANG_ID);

  const isNew = useRef(true);
  isNew.current = !item;
  const form = useForm<ContentValues>({
    initialValues: contentValues(null, defaultSeason),
    validate: (values) => {
      const errors = validateContentFields(toContentBody(values));
      if (values.season === '') errors.season = 'Enter a season';
      if (values.sort_number === '' && !isNew.current) errors.sort_number = 'Enter a number';
      if (values.duration_sec === '') errors.duration_sec = 'Enter the duration in seconds (0 when unknown)';
      return errors;
    },
  });
  const langForm = useForm<LangValues>({
    initialValues: langValues(null),
    validate: validateLangFields,
  });

  // Opening starts from the item as saved, on language 1.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (opened && !wasOpen.current) {
      const values = contentValues(edited, defaultSeason);
      form.setValues(values);
      form.resetDirty(values);
      form.clearErrors();
      setLangId(DEFAULT_LANG_ID);
    }
    wasOpen.current = opened;
  }, [opened, edited, defaultSeason, form]);

  const version = langs.data?.find((l) => l.lang_id === langId) ?? null;
  // The language form follows the chosen tab and its saved version; edits survive a version being created
  // under them (attaching a video creates it).
  const shownLang = useRef<number | null>(null);
  const versionKey = `${langId}:${version?.id ?? 'none'}:${langs.isSuccess}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the tab or its version changes, not on every refetch
  useEffect(() => {
    if (!opened) {
      shownLang.current = null;
      return;
    }
    const values = langValues(version);
    if (shownLang.current === langId && langForm.isDirty()) {
      langForm.setInitialValues(values);
    } else {
      langForm.setValues(values);
      langForm.resetDirty(values);
      langForm.clearErrors();
    }
    shownLang.current = langId;
  }, [opened, versionKey]);

  const language = languages.data?.find((l) => l.id === langId);
  const langName = language?.name ?? `language ${langId}`;

  useUnsaved(opened && (form.isDirty() || langForm.isDirty() || imageUploading || uploading));

  function close() {
    const id = item?.id;
    const dirty = form.isDirty() || langForm.isDirty() || imageUploading;
    const done = () => {
      onClose();
      // Closing forgets the item's language data: the next opening reads it afresh. This modal stays mounted, so
      // an open conflict goes too: it belongs to this item.
      if (id) queryClient.removeQueries({ queryKey: contentKeys.langs(id) });
      conflict.clear();
    };
    leaveUnlessUnsaved(dirty, done);
  }

  /**
   * Leaving the item or its language stops a running video upload (the video section is that language's): minutes
   * of a large file are not dropped on a stray Escape or tab, so it is asked first, like unsaved changes.
   */
  function leaveUnlessUnsaved(dirty: boolean, leave: () => void) {
    if (!uploading) {
      closeUnlessUnsaved(dirty, leave);
      return;
    }
    closeUnlessUnsaved(true, leave, {
      title: 'Stop the upload?',
      message: `The video has not finished uploading${dirty ? ' and the changes in this form have not been saved' : ''}.`,
      confirmLabel: 'Stop upload',
    });
  }

  function chooseLanguage(next: number) {
    if (next === langId) return;
    leaveUnlessUnsaved(langForm.isDirty() || imageUploading, () => setLangId(next));
  }

  const saveContent = form.onSubmit((values) => {
    const body = toContentBody(values);
    const done = (saved: Content) => {
      showSaved(form, values, contentValues(saved, defaultSeason));
      onSaved(saved);
    };
    if (!item) {
      addContent.mutate({ brand_id: brand.id, ...body }, { onSuccess: done });
      return;
    }
    const moved = body.season !== item.season || body.sort_number !== item.sort_number;
    updateContent.mutate(
      { id: item.id, ...body, ...(moved ? { sort_number_changed: true } : {}), updated_at: item.updated_at },
      {
        onSuccess: done,
        onError: (err) =>
          conflict.check(err, item.updated_at, async () =>
            (await queryClient.fetchQuery({ ...contentListQuery({ brand_id: item.brand_id }), staleTime: 0 })).find(
              (c) => c.id === item.id,
            ),
          ),
      },
    );
  });

  const saveLang = langForm.onSubmit((values) => {
    if (!item) return;
    // What was sent is now saved; anything typed since stays unsaved.
    if (version) {
      updateLang.mutate({ id: version.id, ...values }, { onSuccess: () => langForm.resetDirty(values) });
    } else {
      addLang.mutate(
        { content_id: item.id, lang_id: langId, ...values },
        { onSuccess: () => langForm.resetDirty(values) },
      );
    }
  });

  const duration = Number(form.values.duration_sec);
  // The title follows a saved English title at once, before the list reloads.
  const englishTitle = item
    ? (langs.data?.find((l) => l.lang_id === DEFAULT_LANG_ID)?.title ?? defaultTitle(item))
    : '';
  const title = item
    ? `Edit ${episodeCode(item)}${englishTitle ? ` · ${englishTitle}` : ''}`
    : `New content · ${brand.name}`;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size={960}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Stack gap="md">
        <form onSubmit={saveContent} noValidate aria-label="Content">
          <Grid align="flex-start">
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <NumberInput
                label="Season"
                description="Seasons start at 1"
                min={1}
                max={1000}
                allowDecimal={false}
                allowNegative={false}
                required
                {...form.getInputProps('season')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <NumberInput
                label="Sort number"
                min={1}
                max={1_000_000}
                allowDecimal={false}
                allowNegative={false}
                placeholder={item ? undefined : 'Last in the season'}
                description={item ? 'Other items move to make room' : 'Empty: last; others move to make room'}
                required={!!item}
                {...form.getInputProps('sort_number')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <NumberInput
                label="Duration (seconds)"
                min={0}
                max={1_000_000}
                allowDecimal={false}
                allowNegative={false}
                description={`= ${formatDuration(Number.isFinite(duration) ? duration : null)} (mm:ss)`}
                required
                {...form.getInputProps('duration_sec')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }} pt={48}>
              <Switch label="Published" {...form.getInputProps('is_published', { type: 'checkbox' })} />
            </Grid.Col>
          </Grid>
          <ConflictAlert
            conflict={conflict}
            what="content"
            adopt={onSaved}
            loadTheirs={(stored) => startFrom(form, contentValues(stored, defaultSeason))}
          />
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={addContent.isPending || updateContent.isPending}>
              {item ? 'Save content' : 'Create content'}
            </Button>
          </Group>
        </form>

        <Divider label="Language versions" labelPosition="left" />

        {!item ? (
          <Alert variant="light" icon={<IconInfoCircle size={18} />} title="Create the content first">
            Language versions (title, description, thumbnail) and videos can be added once the content is saved.
          </Alert>
        ) : (
          <LanguageTabs
            languages={languages.data ?? []}
            present={new Set((langs.data ?? []).map((l) => l.lang_id))}
            value={langId}
            onChange={chooseLanguage}
          >
            {() =>
              langs.isError || languages.isError ? (
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
              ) : (
                <Grid gap="lg">
                  <Grid.Col span={{ base: 12, md: 7 }}>
                    <form onSubmit={saveLang} noValidate aria-label={`${langName} version`}>
                      <Stack gap="sm">
                        {!version && langs.isSuccess ? (
                          <Text size="sm" c="dimmed">
                            There is no {langName} version yet.
                          </Text>
                        ) : null}
                        <TextInput label="Title" maxLength={300} {...langForm.getInputProps('title')} />
                        <Textarea
                          label="Description"
                          autosize
                          minRows={3}
                          maxRows={8}
                          maxLength={5000}
                          {...langForm.getInputProps('description')}
                        />
                        <ImageField
                          // Each item's language has its own field, so an upload stops when either changes.
                          key={`${item.id}-${langId}`}
                          label="Thumbnail"
                          value={langForm.values.thumbnail_url}
                          onChange={(url) => langForm.setFieldValue('thumbnail_url', url)}
                          error={langForm.errors.thumbnail_url as string | undefined}
                        />
                        <Switch
                          label={`Published in ${langName}`}
                          {...langForm.getInputProps('is_published', { type: 'checkbox' })}
                        />
                        <Group justify="flex-end">
                          <Button
                            type="submit"
                            variant={version ? 'filled' : 'light'}
                            loading={addLang.isPending || updateLang.isPending || imageUploading}
                            disabled={!langs.isSuccess}
                          >
                            {version ? 'Save language version' : 'Create this language version'}
                          </Button>
                        </Group>
                      </Stack>
                    </form>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 5 }}>
                    <VideoSection
                      key={`${item.id}-${langId}`}
                      contentId={item.id}
                      langId={langId}
                      langName={langName}
                      version={version}
                      onUseDuration={(seconds) => form.setFieldValue('duration_sec', seconds)}
                    />
                  </Grid.Col>
                </Grid>
              )
            }
          </LanguageTabs>
        )}
      </Stack>
    </Modal>
  );
}

import { type Stream, StreamAddBody, StreamUpdateBody } from '@kids-vod/contract';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { closeUnlessUnsaved } from '../../components/confirm.tsx';
import { ConflictAlert, useConflict } from '../../components/conflict-alert.tsx';
import { ImageField, useImageUploading } from '../../components/image-field.tsx';
import { choicesError } from '../../components/list-state.tsx';
import { useOpenerFocus } from '../../lib/opener-focus.ts';
import { useLanguages } from '../../lib/reads.ts';
import { showRefusal, startFrom } from '../../lib/saved-form.ts';
import { useUnsaved } from '../../lib/unsaved.ts';
import { streamsQuery, useAddStream, useUpdateStream } from './api.ts';

interface StreamFormValues {
  title: string;
  url: string;
  /** The Select holds the id as a string. */
  lang_id: string;
  poster_url: string | null;
  sort: number | string;
  is_active: boolean;
}

function streamFormValues(stream: Stream | null, langId: number): StreamFormValues {
  return {
    title: stream?.title ?? '',
    url: stream?.url ?? '',
    lang_id: String(stream?.lang_id ?? langId),
    poster_url: stream?.poster_url ?? null,
    sort: stream?.sort ?? 0,
    is_active: stream?.is_active ?? true,
  };
}

function streamBody(values: StreamFormValues) {
  return {
    title: values.title,
    url: values.url,
    lang_id: Number(values.lang_id),
    poster_url: values.poster_url,
    sort: values.sort === '' ? undefined : Number(values.sort),
    is_active: values.is_active,
  };
}
const validateNew = schemaResolver(StreamAddBody, { sync: true });
const validateUpdate = schemaResolver(StreamUpdateBody, { sync: true });

/**
 * Adds or edits one stream. A new stream is in the language picked on the screen unless changed here.
 * Unmounted after it closes, so nothing of the edited stream survives.
 */
export function StreamModal({
  initial,
  langId,
  onClosed,
}: {
  initial: Stream | null;
  /** The language picked on the screen: a new stream's language. */
  langId: number;
  onClosed: () => void;
}) {
  const [opened, setOpened] = useState(true);
  const returnFocus = useOpenerFocus();
  // The stream as opened, or as stored when a conflict was settled: its `updated_at` guards the save.
  const [base, setBase] = useState(initial);
  const queryClient = useQueryClient();
  const conflict = useConflict<Stream>();
  const add = useAddStream();
  const update = useUpdateStream();
  const languages = useLanguages();
  const form = useForm<StreamFormValues>({
    initialValues: streamFormValues(initial, langId),
    validate: (values) =>
      base
        ? validateUpdate({ ...streamBody(values), id: base.id, updated_at: base.updated_at })
        : validateNew(streamBody(values)),
  });
  const languageOptions = useMemo(
    () => (languages.data ?? []).map((l) => ({ value: String(l.id), label: l.name })),
    [languages.data],
  );

  const close = () => setOpened(false);
  const uploading = useImageUploading();
  const unsaved = form.isDirty() || uploading;
  const requestClose = () => closeUnlessUnsaved(unsaved, close);
  useUnsaved(unsaved);
  const onError = (err: Error) => showRefusal(form, err);
  const submit = form.onSubmit((values) => {
    const body = streamBody(values);
    if (!base) return add.mutate(body, { onSuccess: close, onError });
    update.mutate(
      { ...body, id: base.id, updated_at: base.updated_at },
      {
        onSuccess: close,
        onError: (err) => {
          onError(err);
          // Stored in its language as opened, or in the one chosen here if someone else moved it there too.
          void conflict.check(err, base.updated_at, async () => {
            for (const lang of new Set([base.lang_id, body.lang_id])) {
              const rows = await queryClient.fetchQuery({ ...streamsQuery(lang), staleTime: 0 });
              const stored = rows.find((s) => s.id === base.id);
              if (stored) return stored;
            }
          });
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      onExitTransitionEnd={() => {
        returnFocus();
        onClosed();
      }}
      title={initial ? 'Edit stream' : 'New stream'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate aria-label="Stream">
        <Stack gap="sm">
          <TextInput label="Title" required data-autofocus key={form.key('title')} {...form.getInputProps('title')} />
          <TextInput
            label="URL"
            description="The stream's address, http:// or https://"
            placeholder="https://streams.example.com/live/index.m3u8"
            required
            type="url"
            inputMode="url"
            spellCheck={false}
            key={form.key('url')}
            {...form.getInputProps('url')}
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
              label="Order"
              description="Lower numbers come first"
              allowDecimal={false}
              key={form.key('sort')}
              {...form.getInputProps('sort')}
            />
          </SimpleGrid>
          <ImageField
            label="Poster"
            value={form.values.poster_url}
            onChange={(url) => form.setFieldValue('poster_url', url)}
            error={form.errors.poster_url as string | undefined}
          />
          <Switch
            label="Active"
            key={form.key('is_active')}
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
          <ConflictAlert
            conflict={conflict}
            what="stream"
            adopt={setBase}
            loadTheirs={(stored) => startFrom(form, streamFormValues(stored, langId))}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={requestClose}>
              Close
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending || uploading}>
              {initial ? 'Save stream' : 'Add stream'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { type Stream, StreamAddBody, StreamUpdateBody } from '@kids-vod/contract';
import { Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EditorModal, useEditor } from '../../components/editor.tsx';
import { ImageField } from '../../components/image-field.tsx';
import { choicesError } from '../../components/list-state.tsx';
import { NumberField, numberOrUndefined } from '../../components/number-field.tsx';
import { CALL_PERMISSIONS, useMay } from '../../lib/permissions.ts';
import { useLanguages } from '../../lib/reads.ts';
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
    sort: numberOrUndefined(values.sort),
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
  const queryClient = useQueryClient();
  const add = useAddStream();
  const update = useUpdateStream();
  const languages = useLanguages();
  const mayChange = useMay(CALL_PERMISSIONS.stream.update);
  const editor = useEditor<Stream, StreamFormValues>({
    initial,
    toValues: (stream) => streamFormValues(stream, langId),
    validate: (values, stream) =>
      stream
        ? validateUpdate({ ...streamBody(values), id: stream.id, updated_at: stream.updated_at })
        : validateNew(streamBody(values)),
    save: (values, stream) =>
      stream
        ? update.mutateAsync({ ...streamBody(values), id: stream.id, updated_at: stream.updated_at })
        : add.mutateAsync(streamBody(values)),
    // Stored in its language as opened, or in the one chosen here if someone else moved it there too.
    reread: async (stream, values) => {
      for (const lang of new Set([stream.lang_id, Number(values.lang_id)])) {
        const rows = await queryClient.fetchQuery({ ...streamsQuery(lang), staleTime: 0 });
        const stored = rows.find((s) => s.id === stream.id);
        if (stored) return stored;
      }
    },
  });
  const { form } = editor;
  const languageOptions = useMemo(
    () => (languages.data ?? []).map((l) => ({ value: String(l.id), label: l.name })),
    [languages.data],
  );

  return (
    <EditorModal readOnly={!mayChange} editor={editor} what="stream" onClosed={onClosed}>
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
          <NumberField
            label="Order"
            description="Lower numbers come first"
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
        <Switch label="Active" key={form.key('is_active')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
      </Stack>
    </EditorModal>
  );
}

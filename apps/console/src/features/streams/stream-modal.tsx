import { type Stream, StreamAddBody, StreamUpdateBody } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { itemQueries } from '../../shared/api/index.ts';
import { NOT_IN_NEXT_CATALOGUE } from '../../shared/bin/index.ts';
import { addOrUpdate, EditorModal, useEditor, valuesFrom } from '../../shared/editing/index.ts';
import { ImageField, imageInput, LanguageSelect, numberOrUndefined, SortField } from '../../shared/fields/index.ts';
import { useMay } from '../../shared/session/index.ts';
import { WindowFields, type WindowValues, windowBody, windowErrors } from '../../shared/time/index.ts';
import { useStreamSaves } from './api.ts';

interface StreamFormValues extends WindowValues {
  title: string;
  url: string;
  /** The Select holds the id as a string. */
  lang_id: string;
  poster_url: string | null;
  sort: number | string;
  is_active: boolean;
}

function streamFormValues(stream: Stream | null, langId: number): StreamFormValues {
  const values = valuesFrom(stream, {
    title: '',
    url: '',
    poster_url: null,
    sort: 0,
    is_active: true,
    available_from: null,
    available_until: null,
  });
  return { ...values, lang_id: String(stream?.lang_id ?? langId) };
}

function streamBody(values: StreamFormValues) {
  return {
    title: values.title,
    url: values.url,
    lang_id: Number(values.lang_id),
    poster_url: values.poster_url,
    sort: numberOrUndefined(values.sort),
    is_active: values.is_active,
    ...windowBody(values),
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
  const { add, update } = useStreamSaves();
  const mayChange = useMay(CALL_PERMISSIONS.stream.update);
  const editor = useEditor<Stream, StreamFormValues>({
    initial,
    toValues: (stream) => streamFormValues(stream, langId),
    validate: (values, stream) => ({
      ...(stream
        ? validateUpdate({ ...streamBody(values), id: stream.id, updated_at: stream.updated_at })
        : validateNew(streamBody(values))),
      ...windowErrors(values),
    }),
    save: addOrUpdate(streamBody, add, update),
    // Whatever language someone else moved it to.
    reread: (stream) => queryClient.fetchQuery({ ...itemQueries.stream(stream.id), staleTime: 0 }),
  });
  const { form } = editor;

  return (
    <EditorModal
      readOnly={!mayChange}
      editor={editor}
      entity="streams"
      onClosed={onClosed}
      remove={(stream) => ({ name: stream.title, consequence: NOT_IN_NEXT_CATALOGUE })}
    >
      <Stack gap="sm">
        <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
        <TextInput
          label="URL"
          description="The stream's address, http:// or https://"
          placeholder="https://streams.example.com/live/index.m3u8"
          required
          type="url"
          inputMode="url"
          spellCheck={false}
          {...form.getInputProps('url')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <LanguageSelect
            label="Language"
            description="The app language that shows it"
            {...form.getInputProps('lang_id')}
          />
          <SortField label="Order" {...form.getInputProps('sort')} />
        </SimpleGrid>
        <ImageField label="Poster" {...imageInput(form, 'poster_url')} />
        <Switch label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        <WindowFields form={form} />
      </Stack>
    </EditorModal>
  );
}

import { type LocaleEntry, LocaleUpsertBody } from '@kids-vod/contract';
import { Stack, Textarea } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { EditorModal, useEditor } from '../../shared/editing/index.ts';
import { CodeInput } from '../../shared/fields/index.ts';
import { useAddKey } from './api.ts';

/** The contract's rules for a key and its text (`add_key` takes the same key). */
const validateKey = schemaResolver(LocaleUpsertBody.pick({ key: true, value: true }), { sync: true });

/** Adds an app string key, with its English text when one is typed; unmounted after it closes. */
export function AddKeyModal({ onAdded, onClosed }: { onAdded: (key: string) => void; onClosed: () => void }) {
  const add = useAddKey();
  const editor = useEditor<LocaleEntry, { key: string; value: string }>({
    initial: null,
    toValues: () => ({ key: '', value: '' }),
    validate: validateKey,
    save: (values) => add.mutateAsync({ key: values.key.trim(), english: values.value }),
    // A key that exists already (409) is the key field's problem; its detail goes there too.
    taken: 'key',
    afterSave: (entry) => {
      onAdded(entry.key);
      return true;
    },
  });
  const { form } = editor;
  return (
    <EditorModal
      editor={editor}
      what="key"
      title="Add key"
      primary="Add key"
      label="New key"
      size="md"
      onClosed={onClosed}
    >
      <Stack gap="sm">
        <CodeInput
          label="Key"
          description="Letters, digits, dots, hyphens and underscores, e.g. home.title"
          required
          data-autofocus
          {...form.getInputProps('key')}
        />
        <Textarea
          label="English text"
          description="Optional; the other languages are translated in the grid"
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('value')}
        />
      </Stack>
    </EditorModal>
  );
}

import { type Language, LanguageAddBody } from '@kids-vod/contract';
import { Stack, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { EditorModal, useEditor } from '../../shared/editing/index.ts';
import { CodeInput } from '../../shared/fields/index.ts';
import { useAddLanguage } from './api.ts';

const validateLanguage = schemaResolver(LanguageAddBody, { sync: true });

/** Adds a language (code and name); unmounted after it closes. */
export function AddLanguageModal({
  onAdded,
  onClosed,
}: {
  onAdded: (language: Language) => void;
  onClosed: () => void;
}) {
  const add = useAddLanguage();
  const editor = useEditor<Language, { code: string; name: string }>({
    initial: null,
    toValues: () => ({ code: '', name: '' }),
    validate: validateLanguage,
    save: (values) => add.mutateAsync(values),
    // A code in use (409) is the code field's problem; its detail goes there too.
    taken: 'code',
    afterSave: (language) => {
      onAdded(language);
      return true;
    },
  });
  const { form } = editor;
  return (
    <EditorModal
      editor={editor}
      what="language"
      title="Add language"
      primary="Add language"
      label="New language"
      size="md"
      onClosed={onClosed}
    >
      <Stack gap="sm">
        <CodeInput
          label="Code"
          description='Two or three letters, with a region when needed: "fr", "pt-br"'
          required
          data-autofocus
          {...form.getInputProps('code')}
        />
        <TextInput
          label="Name"
          description="In English, as the console shows it"
          required
          {...form.getInputProps('name')}
        />
      </Stack>
    </EditorModal>
  );
}

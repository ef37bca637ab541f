import { type Language, LanguageAddBody } from '@kids-vod/contract';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { closeUnlessUnsaved } from '../../components/confirm.tsx';
import { useOpenerFocus } from '../../lib/opener-focus.ts';
import { showRefusal } from '../../lib/saved-form.ts';
import { useUnsaved } from '../../lib/unsaved.ts';
import { useAddLanguage } from './api.ts';

/** Adds a language (code and name); unmounted after it closes. */
export function AddLanguageModal({
  onAdded,
  onClosed,
}: {
  onAdded: (language: Language) => void;
  onClosed: () => void;
}) {
  const [opened, setOpened] = useState(true);
  const returnFocus = useOpenerFocus();
  const add = useAddLanguage();
  const form = useForm({
    initialValues: { code: '', name: '' },
    validate: schemaResolver(LanguageAddBody, { sync: true }),
  });
  const close = () => setOpened(false);
  const unsaved = form.isDirty();
  const requestClose = () => closeUnlessUnsaved(unsaved, close);
  useUnsaved(unsaved);

  const submit = form.onSubmit((values) => {
    add.mutate(values, {
      onSuccess: (language) => {
        onAdded(language);
        close();
      },
      // A code in use (409) is the code field's problem; its detail goes there too.
      onError: (err) => showRefusal(form, err, 'code'),
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      onExitTransitionEnd={() => {
        returnFocus();
        onClosed();
      }}
      title="Add language"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate aria-label="New language">
        <Stack gap="sm">
          <TextInput
            label="Code"
            description='Two or three letters, with a region when needed: "fr", "pt-br"'
            required
            data-autofocus
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <TextInput
            label="Name"
            description="In English, as the console shows it"
            required
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add language
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { LocaleUpsertBody } from '@kids-vod/contract';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { closeUnlessUnsaved } from '../../components/confirm.tsx';
import { useOpenerFocus } from '../../lib/opener-focus.ts';
import { showRefusal } from '../../lib/saved-form.ts';
import { useUnsaved } from '../../lib/unsaved.ts';
import { useAddKey } from './api.ts';

/** The contract's rules for a key and its text (`add_key` takes the same key). */
const AddKeyForm = LocaleUpsertBody.pick({ key: true, value: true });

/** Adds an app string key, with its English text when one is typed; unmounted after it closes. */
export function AddKeyModal({ onAdded, onClosed }: { onAdded: (key: string) => void; onClosed: () => void }) {
  const [opened, setOpened] = useState(true);
  const returnFocus = useOpenerFocus();
  const add = useAddKey();
  const form = useForm({
    initialValues: { key: '', value: '' },
    validate: schemaResolver(AddKeyForm, { sync: true }),
  });
  const close = () => setOpened(false);
  const unsaved = form.isDirty();
  const requestClose = () => closeUnlessUnsaved(unsaved, close);
  useUnsaved(unsaved);

  const submit = form.onSubmit((values) => {
    add.mutate(
      { key: values.key.trim(), english: values.value },
      {
        onSuccess: (entry) => {
          onAdded(entry.key);
          close();
        },
        // A key that exists already (409) is the key field's problem; its detail goes there too.
        onError: (err) => showRefusal(form, err, 'key'),
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
      title="Add key"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate aria-label="New key">
        <Stack gap="sm">
          <TextInput
            label="Key"
            description="Letters, digits, dots, hyphens and underscores, e.g. home.title"
            required
            data-autofocus
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            key={form.key('key')}
            {...form.getInputProps('key')}
          />
          <Textarea
            label="English text"
            description="Optional; the other languages are translated in the grid"
            autosize
            minRows={2}
            maxRows={6}
            key={form.key('value')}
            {...form.getInputProps('value')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

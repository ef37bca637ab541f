import type { Webhook, WebhookEvent } from '@kids-vod/contract';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from '@kids-vod/contract/client';
import { Button, Checkbox, Code, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { closeUnlessUnsaved, SecretOnce } from '../../shared/feedback/index.ts';
import { useAddWebhook, useUpdateWebhook } from './api.ts';

interface Values {
  url: string;
  events: WebhookEvent[];
  description: string;
}

const EMPTY: Values = { url: '', events: ['video.ready'], description: '' };

function problems(values: Values): Partial<Record<keyof Values, string>> {
  const url = values.url.trim();
  return {
    url: !url ? 'Enter the receiver’s URL' : /^https?:\/\/[^\s]+$/i.test(url) ? undefined : 'Must be an http(s) URL',
    events: values.events.length === 0 ? 'Choose at least one event' : undefined,
  };
}

/**
 * Adds a webhook (`initial` null) or changes one. A new one's secret is shown once, in this modal, with a copy
 * button: the receiver verifies every delivery with it, and the console can never show it again.
 */
export function WebhookModal({ initial, onClosed }: { initial: Webhook | null; onClosed: () => void }) {
  const start: Values = initial
    ? { url: initial.url, events: initial.events, description: initial.description }
    : EMPTY;
  const [values, setValues] = useState<Values>(start);
  const [errors, setErrors] = useState<ReturnType<typeof problems>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const add = useAddWebhook();
  const update = useUpdateWebhook();
  const changed = JSON.stringify(values) !== JSON.stringify(start);
  const close = () => {
    if (secret) return onClosed();
    void closeUnlessUnsaved(changed, onClosed);
  };
  const submit = async () => {
    const found = problems(values);
    setErrors(found);
    if (found.url || found.events) return;
    const body = { url: values.url.trim(), events: values.events, description: values.description.trim() };
    try {
      if (initial) {
        await update.mutateAsync({ ...body, id: initial.id, updated_at: initial.updated_at });
        onClosed();
      } else {
        setSecret((await add.mutateAsync(body)).secret);
      }
    } catch {
      // The toast says why (the server's sentence); the form stays as typed.
    }
  };
  return (
    <Modal
      opened
      onClose={close}
      title={initial ? 'Edit webhook' : 'Add webhook'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {secret ? (
        <SecretOnce
          label="signing secret"
          value={secret}
          note={
            <>
              The receiver verifies each delivery’s <Code>webhook-signature</Code> with it (Standard Webhooks). It is
              not shown again.
            </>
          }
          onDone={onClosed}
        />
      ) : (
        <form
          noValidate
          aria-label={initial ? 'Edit webhook' : 'Add webhook'}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <TextInput
              label="URL"
              description="Where each event is sent as a signed POST. Public addresses only."
              placeholder="https://example.com/hooks/kids-vod"
              required
              value={values.url}
              error={errors.url}
              onChange={(e) => setValues({ ...values, url: e.currentTarget.value })}
              data-autofocus
            />
            <Checkbox.Group
              label="Events"
              required
              value={values.events}
              error={errors.events}
              onChange={(events) => setValues({ ...values, events: events as WebhookEvent[] })}
            >
              <Stack gap={6} mt={6}>
                {WEBHOOK_EVENTS.map((event) => (
                  <Checkbox key={event} value={event} label={`${WEBHOOK_EVENT_LABELS[event]} (${event})`} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Textarea
              label="Description"
              placeholder="The apps’ backend"
              autosize
              minRows={2}
              value={values.description}
              onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending || update.isPending}>
                {initial ? 'Save' : 'Add webhook'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

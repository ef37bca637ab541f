import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NumberField } from '../../shared/fields/index.ts';
import { WindowFields, type WindowValues, windowBody, windowErrors } from '../../shared/time/index.ts';
import { useBulkUpdate } from './bulk-api.ts';
import { type BulkChange, bulkQuestion } from './selection.ts';

interface BulkValues extends WindowValues {
  season: number | string;
}

/** What a change sends as `set`: publishing is all it says; a season or a window come from the form. */
function setOf(change: BulkChange, values: BulkValues) {
  switch (change) {
    case 'publish':
      return { is_published: true };
    case 'unpublish':
      return { is_published: false };
    case 'season':
      return { season: Number(values.season) };
    case 'availability':
      return windowBody(values);
  }
}

/**
 * The confirmation of one bulk change, saying how many it changes; a season or a window is chosen in it. One
 * `content/bulk_update` call, all or nothing: on a refusal the modal stays open (the toast says why).
 */
export function BulkModal({
  change,
  ids,
  brandId,
  defaultSeason,
  onDone,
  onClose,
}: {
  change: BulkChange;
  ids: number[];
  brandId: number;
  defaultSeason: number;
  onDone: () => void;
  onClose: () => void;
}) {
  const bulk = useBulkUpdate(brandId);
  const question = bulkQuestion(change, ids.length);
  const form = useForm<BulkValues>({
    initialValues: { season: defaultSeason, available_from: null, available_until: null },
    validate: (values) => {
      if (change === 'availability') return windowErrors(values);
      const season = Number(values.season);
      const wrong = change === 'season' && (values.season === '' || !Number.isInteger(season) || season < 1);
      return wrong ? { season: 'Enter a season from 1' } : {};
    },
  });
  const submit = form.onSubmit((values) => bulk.mutate({ ids, set: setOf(change, values) }, { onSuccess: onDone }));
  return (
    <Modal opened onClose={onClose} title={question.title} closeButtonProps={{ 'aria-label': 'Close' }} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{question.message}</Text>
          {change === 'season' ? (
            <NumberField label="Season" min={1} max={1000} required data-autofocus {...form.getInputProps('season')} />
          ) : null}
          {change === 'availability' ? <WindowFields form={form} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={bulk.isPending}
              data-autofocus={change === 'publish' || change === 'unpublish' || undefined}
            >
              {question.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

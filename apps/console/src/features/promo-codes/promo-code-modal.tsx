import { type PromoCode, PromoCodeAddBody } from '@kids-vod/contract';
import {
  Button,
  Center,
  Group,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver } from '@mantine/form';
import { IconCalendar, IconWand } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { EditorModal, useEditor } from '../../components/editor.tsx';
import { ListState } from '../../components/list-state.tsx';
import { NumberField } from '../../components/number-field.tsx';
import { useDatePickerProps } from '../../lib/date-picker.ts';
import { CALL_PERMISSIONS, useMay } from '../../lib/permissions.ts';
import { promoCodeQuery, useAddPromoCode, useForgetPromoCode, usePromoCode, useUpdatePromoCode } from './api.ts';
import { generateCode, KIND_OPTIONS, valueUnit } from './format.ts';

interface PromoCodeFormValues {
  code: string;
  description: string;
  kind: PromoCode['kind'];
  value: number | string;
  /** Empty is unlimited. */
  max_uses: number | string;
  valid_from: string | null;
  valid_until: string | null;
  is_active: boolean;
}

function formValues(code: PromoCode | null): PromoCodeFormValues {
  return {
    code: code?.code ?? '',
    description: code?.description ?? '',
    kind: code?.kind ?? 'free_days',
    value: code?.value ?? 30,
    max_uses: code?.max_uses ?? '',
    valid_from: code?.valid_from ?? null,
    valid_until: code?.valid_until ?? null,
    is_active: code?.is_active ?? true,
  };
}

/** What is sent: numbers as numbers (an unfinished one fails validation), an empty max uses as unlimited. */
function promoCodeBody(values: PromoCodeFormValues) {
  const number = (v: number | string) => (v === '' ? Number.NaN : Number(v));
  return {
    code: values.code.trim(),
    description: values.description,
    kind: values.kind,
    value: number(values.value),
    max_uses: values.max_uses === '' ? null : number(values.max_uses),
    valid_from: values.valid_from || null,
    valid_until: values.valid_until || null,
    is_active: values.is_active,
  };
}

const validatePromoCode = schemaResolver(PromoCodeAddBody, { sync: true });

/** Dates are picked en-GB (weeks from Monday, set by DatesProvider) and kept as yyyy-MM-dd, as they are sent. */
const DATE_FORMAT = 'DD/MM/YYYY';
// The picker's placeholder is text, not a native placeholder, and Mantine's placeholder grey is below 4.5:1.
const DATE_STYLES = { placeholder: { color: 'var(--mantine-color-dimmed)' } };

/**
 * Create (`editId` null) or edit a promo code. Editing loads the code first and sends its `updated_at`, so a
 * change someone else made meanwhile is refused rather than overwritten. Unmounted after it closes.
 */
export function PromoCodeModal({
  editId,
  onCreated,
  onClosed,
}: {
  editId: number | null;
  onCreated: () => void;
  onClosed: () => void;
}) {
  const detail = usePromoCode(editId);
  const add = useAddPromoCode();
  const update = useUpdatePromoCode();
  const forget = useForgetPromoCode();
  const queryClient = useQueryClient();
  const fromPicker = useDatePickerProps();
  const untilPicker = useDatePickerProps();
  const mayChange = useMay(CALL_PERMISSIONS.promoCode.update);
  const editor = useEditor<PromoCode, PromoCodeFormValues>({
    initial: editId === null ? null : detail.data,
    toValues: formValues,
    validate: (values) => validatePromoCode(promoCodeBody(values)),
    save: (values, code) =>
      code
        ? update.mutateAsync({ ...promoCodeBody(values), id: code.id, updated_at: code.updated_at })
        : add.mutateAsync(promoCodeBody(values)),
    reread: (code) => queryClient.fetchQuery(promoCodeQuery(code.id)),
    // A code in use (409) is the code field's problem; its detail goes there too.
    taken: 'code',
    afterSave: (_saved, wasNew) => {
      if (wasNew) onCreated();
      return true;
    },
    onGone: () => editId !== null && forget(editId),
  });
  const { form, item: loaded } = editor;
  const kind = form.values.kind;

  return (
    <EditorModal
      readOnly={!mayChange}
      editor={editor}
      what="promo code"
      onClosed={onClosed}
      loading={
        <ListState query={detail} isEmpty={false} emptyText="">
          <Center py="xl">
            <Loader size="sm" aria-label="Loading the promo code" />
          </Center>
        </ListState>
      }
    >
      <Stack gap="sm">
        <TextInput
          label="Code"
          required
          description="3 to 32 letters, digits or hyphens; kept in capitals"
          data-autofocus
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSectionWidth={104}
          rightSectionPointerEvents="all"
          rightSection={
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconWand size={14} aria-hidden />}
              onClick={() => form.setFieldValue('code', generateCode())}
            >
              Generate
            </Button>
          }
          key={form.key('code')}
          {...form.getInputProps('code')}
          onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
        />
        <Textarea
          label="Description"
          description="For staff: what the code is for"
          autosize
          minRows={2}
          maxRows={5}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Radio.Group label="Kind" key={form.key('kind')} {...form.getInputProps('kind')}>
          <Group gap="lg" mt={6}>
            {KIND_OPTIONS.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberField
            label="Value"
            required
            description={kind === 'percent_off' ? 'Percent off the price, 1 to 100' : 'Days of free watching'}
            min={1}
            max={kind === 'percent_off' ? 100 : 3650}
            hideControls
            rightSectionWidth={48}
            rightSection={
              <Text size="sm" c="dimmed" aria-hidden>
                {valueUnit(kind)}
              </Text>
            }
            key={form.key('value')}
            {...form.getInputProps('value')}
          />
          <NumberField
            label="Max uses"
            description={
              loaded
                ? `Used ${loaded.used_count} ${loaded.used_count === 1 ? 'time' : 'times'}; empty for unlimited`
                : 'Leave empty for unlimited'
            }
            placeholder="Unlimited"
            min={1}
            hideControls
            thousandSeparator=","
            key={form.key('max_uses')}
            {...form.getInputProps('max_uses')}
          />
          <DatePickerInput
            {...fromPicker}
            label="Valid from"
            placeholder="Any time"
            valueFormat={DATE_FORMAT}
            styles={DATE_STYLES}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear valid from' }}
            leftSection={<IconCalendar size={16} aria-hidden />}
            maxDate={form.values.valid_until ?? undefined}
            key={form.key('valid_from')}
            {...form.getInputProps('valid_from')}
          />
          <DatePickerInput
            {...untilPicker}
            label="Valid until"
            placeholder="No end"
            valueFormat={DATE_FORMAT}
            styles={DATE_STYLES}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear valid until' }}
            leftSection={<IconCalendar size={16} aria-hidden />}
            minDate={form.values.valid_from ?? undefined}
            key={form.key('valid_until')}
            {...form.getInputProps('valid_until')}
          />
        </SimpleGrid>
        <Switch
          label="Active"
          description="Only an active code can be redeemed"
          key={form.key('is_active')}
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
      </Stack>
    </EditorModal>
  );
}

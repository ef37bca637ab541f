import { type PromoCode, PromoCodeAddBody } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { Button, Center, Group, Loader, Radio, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { IconWand } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { addOrUpdate, EditorModal, useEditor, valuesFrom } from '../../shared/editing/index.ts';
import { CodeInput, DateSpan, NumberField } from '../../shared/fields/index.ts';
import { ListState } from '../../shared/lists/index.ts';
import { useMay } from '../../shared/session/index.ts';
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

const formValues = (code: PromoCode | null): PromoCodeFormValues =>
  valuesFrom(code, {
    code: '',
    description: '',
    kind: 'free_days',
    value: 30,
    max_uses: '',
    valid_from: null,
    valid_until: null,
    is_active: true,
  });

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
  const mayChange = useMay(CALL_PERMISSIONS.promoCode.update);
  const editor = useEditor<PromoCode, PromoCodeFormValues>({
    initial: editId === null ? null : detail.data,
    toValues: formValues,
    validate: (values) => validatePromoCode(promoCodeBody(values)),
    save: addOrUpdate(promoCodeBody, add, update),
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
      entity="promo_codes"
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
        <CodeInput
          label="Code"
          required
          description="3 to 32 letters, digits or hyphens; kept in capitals"
          data-autofocus
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
          {...form.getInputProps('code')}
          onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
        />
        <Textarea
          label="Description"
          description="For staff: what the code is for"
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('description')}
        />
        <Radio.Group label="Kind" {...form.getInputProps('kind')}>
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
            {...form.getInputProps('max_uses')}
          />
          <DateSpan
            start={{ label: 'Valid from', placeholder: 'Any time', ...form.getInputProps('valid_from') }}
            end={{ label: 'Valid until', placeholder: 'No end', ...form.getInputProps('valid_until') }}
          />
        </SimpleGrid>
        <Switch
          label="Active"
          description="Only an active code can be redeemed"
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
      </Stack>
    </EditorModal>
  );
}

import { AGE_RATINGS, type Brand, BrandAddBody } from '@kids-vod/contract';
import {
  Alert,
  Box,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { closeUnlessUnsaved } from '../../components/confirm.tsx';
import { ConflictAlert, useConflict } from '../../components/conflict-alert.tsx';
import { ImageField, useImageUploading } from '../../components/image-field.tsx';
import { useOpenerFocus } from '../../lib/opener-focus.ts';
import { brandsQuery } from '../../lib/reads.ts';
import { showRefusal, showSaved, startFrom } from '../../lib/saved-form.ts';
import { useUnsaved } from '../../lib/unsaved.ts';
import { useAddBrand, useAddCountryRule, useForgetBrandDetails, useUpdateBrand } from './api.ts';
import { BrandLangs } from './brand-langs.tsx';
import { CountryRules, useRuleDraft } from './country-rules.tsx';

interface BrandFormValues {
  name: string;
  slug: string;
  age_rating: (typeof AGE_RATINGS)[number];
  sort: number | string;
  is_published: boolean;
  logo_url: string | null;
}

function brandFormValues(brand: Brand | null): BrandFormValues {
  return {
    name: brand?.name ?? '',
    slug: brand?.slug ?? '',
    age_rating: brand?.age_rating ?? '0+',
    sort: brand?.sort ?? 0,
    is_published: brand?.is_published ?? false,
    logo_url: brand?.logo_url ?? null,
  };
}

/** What is sent: an empty slug is left out (the server derives it from the name, or keeps the old one). */
function brandBody(values: BrandFormValues) {
  return {
    name: values.name,
    slug: values.slug.trim() || undefined,
    age_rating: values.age_rating,
    sort: values.sort === '' ? undefined : Number(values.sort),
    is_published: values.is_published,
    logo_url: values.logo_url,
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Divider mb="sm" />
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Box>
  );
}

function SaveFirst({ what }: { what: string }) {
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} p="xs">
      Save the brand first; then {what} can be added.
    </Alert>
  );
}

/**
 * The `createBrand` modal: brand fields, then (once the brand exists) its language versions and country rules.
 * Unmounted after it closes, so the edited brand and its language data are cleared with it.
 */
export function BrandModal({ initial, onClosed }: { initial: Brand | null; onClosed: () => void }) {
  const [opened, setOpened] = useState(true);
  const returnFocus = useOpenerFocus();
  // The brand as last loaded or saved: its `updated_at` guards the next save against someone else's.
  const [brand, setBrand] = useState<Brand | null>(initial);
  const [langDirty, setLangDirty] = useState(false);
  // Read when a save answers, after the renders that may have changed it.
  const langDirtyNow = useRef(langDirty);
  langDirtyNow.current = langDirty;
  const add = useAddBrand();
  const update = useUpdateBrand();
  const addRule = useAddCountryRule();
  const forget = useForgetBrandDetails();
  const draft = useRuleDraft(brand?.id ?? null);
  const queryClient = useQueryClient();
  const conflict = useConflict<Brand>();
  const form = useForm<BrandFormValues>({
    initialValues: brandFormValues(initial),
    validate: (values) => schemaResolver(BrandAddBody, { sync: true })(brandBody(values)),
  });

  const dirty = form.isDirty() || langDirty || draft.values.code2.length > 0;
  const close = () => setOpened(false);
  const uploading = useImageUploading();
  const unsaved = dirty || uploading;
  const requestClose = () => closeUnlessUnsaved(unsaved, close);
  useUnsaved(unsaved);

  function loaded(saved: Brand, sent: BrandFormValues) {
    setBrand(saved);
    showSaved(form, sent, brandFormValues(saved));
  }
  const onError = (err: Error) => showRefusal(form, err);

  const submit = form.onSubmit((values) => {
    const body = brandBody(values);
    // A new brand stays open in edit mode, so that its language versions and rules can be added.
    if (!brand) return add.mutate(body, { onSuccess: (saved) => loaded(saved, values), onError });
    update.mutate(
      { ...body, id: brand.id, updated_at: brand.updated_at },
      {
        onError: (err) => {
          onError(err);
          void conflict.check(err, brand.updated_at, async () =>
            (await queryClient.fetchQuery({ ...brandsQuery, staleTime: 0 })).find((b) => b.id === brand.id),
          );
        },
        onSuccess: (saved) => {
          loaded(saved, values);
          // Countries chosen but not added yet become a rule, and the modal closes (product spec).
          const pending = draft.values;
          if (pending.code2.length === 0) return;
          addRule.mutate(
            { brand_id: saved.id, ...pending },
            {
              onSuccess: () => {
                draft.reset();
                // What changed meanwhile, or waits unsaved in a language tab, is not thrown away without asking.
                closeUnlessUnsaved(form.isDirty() || langDirtyNow.current, close);
              },
            },
          );
        },
      },
    );
  });

  const saving = add.isPending || update.isPending || addRule.isPending;
  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      onExitTransitionEnd={() => {
        if (brand) forget(brand.id);
        returnFocus();
        onClosed();
      }}
      title={brand ? 'Edit brand' : 'New brand'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <form id="brand-form" onSubmit={submit} noValidate aria-label="Brand">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Name" required data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
              <TextInput
                label="Slug"
                description={
                  brand ? 'Lower-case letters, digits and hyphens' : 'Leave empty to derive it from the name'
                }
                placeholder={brand ? undefined : 'derived from the name'}
                key={form.key('slug')}
                {...form.getInputProps('slug')}
              />
              <Select
                label="Age rating"
                data={AGE_RATINGS}
                allowDeselect={false}
                key={form.key('age_rating')}
                {...form.getInputProps('age_rating')}
              />
              <NumberInput
                label="Sort"
                description="Lower numbers come first"
                allowDecimal={false}
                key={form.key('sort')}
                {...form.getInputProps('sort')}
              />
            </SimpleGrid>
            <ImageField
              label="Logo"
              value={form.values.logo_url}
              onChange={(url) => form.setFieldValue('logo_url', url)}
              error={form.errors.logo_url as string | undefined}
            />
            <Switch
              label="Published"
              key={form.key('is_published')}
              {...form.getInputProps('is_published', { type: 'checkbox' })}
            />
          </Stack>
        </form>

        <Section title="Language versions">
          {brand ? (
            <BrandLangs brandId={brand.id} onDirtyChange={setLangDirty} />
          ) : (
            <SaveFirst what="its language versions" />
          )}
        </Section>

        <Section title="Where available">
          {brand ? <CountryRules brandId={brand.id} draft={draft} /> : <SaveFirst what="its country rules" />}
        </Section>

        <ConflictAlert
          conflict={conflict}
          what="brand"
          adopt={setBrand}
          loadTheirs={(stored) => startFrom(form, brandFormValues(stored))}
        />

        <Group
          justify="flex-end"
          gap="sm"
          py="sm"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 1,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Button variant="default" onClick={requestClose}>
            Close
          </Button>
          <Button type="submit" form="brand-form" loading={saving || uploading}>
            {brand ? 'Save brand' : 'Create brand'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { AGE_RATINGS, BrandAddBody, type BrandRow } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { Alert, Box, Divider, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { itemQueries } from '../../shared/api/index.ts';
import { addOrUpdate, EditorModal, useEditor, valuesFrom } from '../../shared/editing/index.ts';
import { ImageField, imageInput, numberOrUndefined, SortField } from '../../shared/fields/index.ts';
import { BrandReadiness } from '../../shared/readiness/index.ts';
import { useMay } from '../../shared/session/index.ts';
import { WindowFields, windowBody, windowErrors } from '../../shared/time/index.ts';
import { useAddCountryRule, useBrandSaves, useCountryRules, useForgetBrandDetails } from './api.ts';
import { BrandLangs } from './brand-langs.tsx';
import { CountryRules, ruleBody, useRuleDraft } from './country-rules.tsx';
import { liveIn } from './live-in.ts';

interface BrandFormValues {
  name: string;
  slug: string;
  age_rating: (typeof AGE_RATINGS)[number];
  sort: number | string;
  is_published: boolean;
  logo_url: string | null;
  available_from: string | null;
  available_until: string | null;
}

const brandFormValues = (brand: BrandRow | null): BrandFormValues =>
  valuesFrom(brand, {
    name: '',
    slug: '',
    age_rating: '0+',
    sort: 0,
    is_published: false,
    logo_url: null,
    available_from: null,
    available_until: null,
  });

/** What is sent: an empty slug is left out (the server derives it from the name, or keeps the old one). */
function brandBody(values: BrandFormValues) {
  return {
    name: values.name,
    slug: values.slug.trim() || undefined,
    age_rating: values.age_rating,
    sort: numberOrUndefined(values.sort),
    is_published: values.is_published,
    logo_url: values.logo_url,
    ...windowBody(values),
  };
}
const validateBrand = schemaResolver(BrandAddBody, { sync: true });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} mt="lg">
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
export function BrandModal({ initial, onClosed }: { initial: BrandRow | null; onClosed: () => void }) {
  const [langDirty, setLangDirty] = useState(false);
  // Read when a save answers, after the renders that may have changed it.
  const langDirtyNow = useRef(langDirty);
  langDirtyNow.current = langDirty;
  const { add, update } = useBrandSaves();
  const addRule = useAddCountryRule();
  const forget = useForgetBrandDetails();
  const queryClient = useQueryClient();
  const [brandId, setBrandId] = useState(initial?.id ?? null);
  const draft = useRuleDraft(brandId);
  const mayChange = useMay(CALL_PERMISSIONS.brand.update);
  const editor = useEditor<BrandRow, BrandFormValues>({
    initial,
    toValues: brandFormValues,
    validate: (values) => ({ ...validateBrand(brandBody(values)), ...windowErrors(values) }),
    save: addOrUpdate(brandBody, add, update),
    reread: (brand) => queryClient.fetchQuery({ ...itemQueries.brand(brand.id), staleTime: 0 }),
    // A new brand stays open in edit mode, so that its language versions and rules can be added.
    stay: true,
    afterSave: async (saved) => {
      setBrandId(saved.id);
      // Countries chosen but not added yet become a rule, and the modal closes (product spec).
      const pending = draft.values;
      if (pending.code2.length === 0) return false;
      if (draft.validate().hasErrors) return false;
      await addRule.mutateAsync({ brand_id: saved.id, ...ruleBody(pending) });
      draft.reset();
      // What changed meanwhile, or waits unsaved in a language tab, is not thrown away without asking.
      editor.leaveUnlessUnsaved(editor.form.isDirty() || langDirtyNow.current, editor.close);
      return false;
    },
    unsavedElsewhere: langDirty || draft.values.code2.length > 0,
    onGone: (brand) => brand && forget(brand.id),
  });
  const { form, item: brand } = editor;
  const rules = useCountryRules(brand?.id ?? null);

  return (
    <EditorModal
      readOnly={!mayChange}
      editor={editor}
      entity="brands"
      size="xl"
      onClosed={onClosed}
      remove={(saved) => ({
        name: saved.name,
        consequence:
          'Its content, language versions and country rules go with it; links to its content in compilations and banners that open it are left out of the apps until it is restored.',
      })}
      after={
        <>
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
          {brand && (
            <Section title="Readiness">
              <BrandReadiness brandId={brand.id} />
            </Section>
          )}
        </>
      }
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="Slug"
            description={brand ? 'Lower-case letters, digits and hyphens' : 'Leave empty to derive it from the name'}
            placeholder={brand ? undefined : 'derived from the name'}
            {...form.getInputProps('slug')}
          />
          <Select label="Age rating" data={AGE_RATINGS} allowDeselect={false} {...form.getInputProps('age_rating')} />
          <SortField {...form.getInputProps('sort')} />
        </SimpleGrid>
        <ImageField label="Logo" {...imageInput(form, 'logo_url')} />
        <Switch label="Published" {...form.getInputProps('is_published', { type: 'checkbox' })} />
        <WindowFields form={form} live={liveIn(rules.data ?? [], new Date())} />
      </Stack>
    </EditorModal>
  );
}

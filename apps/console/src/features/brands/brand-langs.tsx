import { type BrandLang, BrandLangAddBody, DEFAULT_LANG_ID, type Language } from '@kids-vod/contract';
import { Badge, Button, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useLanguages } from '../../shared/api/index.ts';
import { DeleteToBinButton } from '../../shared/bin/index.ts';
import { LanguageTabs, showRefusal, showSaved, startFrom, valuesFrom } from '../../shared/editing/index.ts';
import { closeUnlessUnsaved } from '../../shared/feedback/index.ts';
import { ImageField, imageInput, useImageUploading } from '../../shared/fields/index.ts';
import { Loaded } from '../../shared/lists/index.ts';
import { useBrandLangs, useBrandVersionSaves } from './api.ts';

interface LangFormValues {
  title: string;
  description: string;
  logo_url: string | null;
  is_published: boolean;
}

const langFormValues = (version: BrandLang | undefined): LangFormValues =>
  valuesFrom(version, { title: '', description: '', logo_url: null, is_published: false });

/** One language's version of the brand: edits it, or creates it when there is none yet. */
function BrandLangEditor({
  brandId,
  language,
  version,
  onDirty,
}: {
  brandId: number;
  language: Language;
  version: BrandLang | undefined;
  onDirty: (dirty: boolean) => void;
}) {
  const { add, update } = useBrandVersionSaves();
  const form = useForm<LangFormValues>({
    initialValues: langFormValues(version),
    validate: (values) =>
      schemaResolver(BrandLangAddBody, { sync: true })({ ...values, brand_id: brandId, lang_id: language.id }),
  });
  const uploading = useImageUploading();
  const dirty = form.isDirty() || uploading;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  // A version that arrives under typed text (this add saved it, or another tab added it first and this add got
  // 409) becomes what the text is compared with: the text stays, unsaved only where it differs from the version.
  const versionId = version?.id;
  const firstVersion = useRef(versionId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version, not each refetch, moves the form
  useEffect(() => {
    if (versionId === firstVersion.current) return;
    firstVersion.current = versionId;
    const values = langFormValues(version);
    // resetDirty forgets which fields were typed in, so the text is compared with the version, field by field.
    if (form.isDirty()) form.resetDirty(values);
    else startFrom(form, values);
  }, [versionId]);
  // The version saved anew from elsewhere (restored from its history) shows, unless text is being typed over it.
  const savedAt = version?.updated_at;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newer save of the version moves the form
  useEffect(() => {
    if (version && !form.isDirty()) startFrom(form, langFormValues(version));
  }, [savedAt]);
  useEffect(() => () => onDirty(false), [onDirty]);

  const onError = (err: Error) => showRefusal(form, err);
  const submit = form.onSubmit((values) => {
    if (version) {
      update.mutate(
        { id: version.id, ...values },
        {
          onSuccess: (saved) => showSaved(form, values, langFormValues(saved)),
          onError,
        },
      );
    } else {
      // The new version arrives in the list, and the form follows it (above).
      add.mutate({ brand_id: brandId, lang_id: language.id, ...values }, { onError });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`${language.name} version`}>
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={500}>{language.name} version</Text>
          {version ? null : (
            <Badge variant="outline" color="gray" size="sm">
              Not created yet
            </Badge>
          )}
        </Group>
        <TextInput label="Title" {...form.getInputProps('title')} />
        <Textarea label="Description" autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
        <ImageField label={`${language.name} logo`} {...imageInput(form, 'logo_url')} />
        <Group justify="space-between">
          <Switch
            label={`Published in ${language.name}`}
            {...form.getInputProps('is_published', { type: 'checkbox' })}
          />
          <Group gap="xs">
            {version ? (
              <DeleteToBinButton
                item={{
                  entity: 'brand_langs',
                  id: version.id,
                  name: `${language.name} version`,
                  consequence: `The apps in ${language.name} no longer show the brand or its content until it is restored.`,
                }}
                what={`${language.name} version`}
                unsaved={dirty}
              />
            ) : null}
            <Button type="submit" variant="light" loading={add.isPending || update.isPending || uploading}>
              {version ? `Save ${language.name} version` : `Add ${language.name} version`}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The brand's language versions behind language tabs that start on language 1. */
export function BrandLangs({ brandId, onDirtyChange }: { brandId: number; onDirtyChange: (dirty: boolean) => void }) {
  const languages = useLanguages();
  const langs = useBrandLangs(brandId);
  const [langId, setLangId] = useState(DEFAULT_LANG_ID);
  const [dirty, setDirty] = useState(false);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const failed = languages.isError ? languages : langs;
  return (
    <Loaded query={failed} pending={languages.isPending || langs.isPending} label="Loading language versions">
      <LanguageTabs
        languages={languages.data ?? []}
        present={new Set(langs.data?.map((l) => l.lang_id))}
        value={langId}
        // Another tab shows another version: unsaved changes of this one are lost only when confirmed.
        onChange={(id) => closeUnlessUnsaved(dirty, () => setLangId(id))}
      >
        {(id) => {
          const language = languages.data?.find((l) => l.id === id);
          if (!language) return null;
          const version = langs.data?.find((l) => l.lang_id === id);
          return (
            <BrandLangEditor key={id} brandId={brandId} language={language} version={version} onDirty={setDirty} />
          );
        }}
      </LanguageTabs>
    </Loaded>
  );
}

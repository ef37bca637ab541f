import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useLanguages } from '../api/index.ts';
import { choicesError } from './choices-error.tsx';

/**
 * An app language chosen by name (the value is its id as a string); `first` puts a choice before the languages
 * ("All languages"). Says under itself when the languages could not load.
 */
export function LanguageSelect({
  first,
  error,
  ...props
}: Omit<SelectProps, 'data'> & { first?: { value: string; label: string } }) {
  const languages = useLanguages();
  const data = useMemo(
    () => [...(first ? [first] : []), ...(languages.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))],
    [languages.data, first],
  );
  return (
    <Select
      data={data}
      searchable
      allowDeselect={false}
      {...props}
      error={error ?? choicesError(languages, 'the languages')}
    />
  );
}

import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/**
 * The search box above a list: a search icon, and a button that empties it while it holds text. `label` names it
 * for screen readers (the lists show no visible label above their search).
 */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  width = 320,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** From the small breakpoint up; narrower where filters share the row. */
  width?: number;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} /> : null}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={{ base: 220, sm: width }}
    />
  );
}

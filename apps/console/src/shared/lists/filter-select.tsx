import { Select, type SelectProps } from '@mantine/core';

/**
 * A list's filter kept in the address: one of `data`, or none ('' in the address, which the placeholder names: "Every
 * language"). Its clear button is named after the label ("Clear language"), as a DateField's is.
 */
export function FilterSelect({
  label,
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'value' | 'onChange'> & { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Select
      label={label}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      {...props}
    />
  );
}

import type { BrandName } from '@kids-vod/contract';
import { Select, type SelectProps } from '@mantine/core';

/** A brand chosen by name, searchable. */
export function BrandSelect({ brands, ...props }: Omit<SelectProps, 'data'> & { brands: BrandName[] }) {
  return (
    <Select
      searchable
      nothingFoundMessage="No brand of that name"
      data={brands.map((b) => ({ value: String(b.id), label: b.name }))}
      {...props}
    />
  );
}

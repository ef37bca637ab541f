import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * `useMergeRefs` of @floating-ui/react, for Mantine's ScrollArea (see `scrollAreaWithoutFloatingUi` in
 * vite.config.ts): one callback ref that sets every ref given.
 */
export function useMergeRefs<T>(refs: (Ref<T> | undefined)[]) {
  return useMergedRef(...refs);
}

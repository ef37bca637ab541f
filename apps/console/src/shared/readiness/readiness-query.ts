import { api } from '@kids-vod/contract/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callQuery } from '../api/index.ts';

export const readinessKey = (brandId: number) => ['readiness', brandId] as const;

/**
 * A brand's readiness, asked for when shown (a row on screen, the modal's section): the brand list itself stays the
 * cached page it is. Readiness depends on almost everything staff save (a version, an episode, a video attached, a
 * rule, a banner), so any save here reads it again; a video finishing elsewhere shows when the window comes back
 * into focus, or after half a minute.
 */
export function useReadiness(brandId: number | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (brandId === null) return;
    return client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') {
        void client.invalidateQueries({ queryKey: readinessKey(brandId) });
      }
    });
  }, [client, brandId]);
  return useQuery({
    ...callQuery(readinessKey(brandId ?? 0), api.brand.readiness, { brand_id: brandId ?? 0 }),
    enabled: brandId !== null,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

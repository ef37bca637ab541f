import { api } from '@kids-vod/contract/client';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../api/index.ts';

export const readinessKey = (brandId: number) => ['readiness', brandId] as const;

/**
 * A brand's readiness, asked for when shown (a row on screen, the modal's section): the brand list itself stays the
 * cached page it is, and a brand's readiness is a few small reads on the server. Fresh for half a minute, and read
 * again whenever the window comes back into focus (an upload finishing elsewhere).
 */
export const useReadiness = (brandId: number | null) =>
  useQuery({
    ...callQuery(readinessKey(brandId ?? 0), api.brand.readiness, { brand_id: brandId ?? 0 }),
    enabled: brandId !== null,
    staleTime: 30_000,
  });

import type { BinItemBody } from '@kids-vod/contract';
import { api, BIN_DAYS, type BinEntity, CALL_PERMISSIONS, type Permission } from '@kids-vod/contract/client';
import type { QueryClient } from '@tanstack/react-query';
import { send } from '../api/index.ts';
import { profileQuery } from '../session/index.ts';

/** Each kind of item that goes to the bin: its delete call, who may delete and restore it, how it is named. */
export const BIN_KINDS: Record<
  BinEntity,
  { remove: typeof api.brand.delete; permission: Permission; label: string; plural: string }
> = {
  brands: { remove: api.brand.delete, permission: CALL_PERMISSIONS.brand.delete, label: 'Brand', plural: 'Brands' },
  content: {
    remove: api.content.delete,
    permission: CALL_PERMISSIONS.content.delete,
    label: 'Content',
    plural: 'Content',
  },
  brand_langs: {
    remove: api.brand.langDelete,
    permission: CALL_PERMISSIONS.brand.langDelete,
    label: 'Brand language version',
    plural: 'Brand language versions',
  },
  content_langs: {
    remove: api.content.langDelete,
    permission: CALL_PERMISSIONS.content.langDelete,
    label: 'Content language version',
    plural: 'Content language versions',
  },
  promos: {
    remove: api.promo.delete,
    permission: CALL_PERMISSIONS.promo.delete,
    label: 'Promo banner',
    plural: 'Promo banners',
  },
  streams: {
    remove: api.stream.delete,
    permission: CALL_PERMISSIONS.stream.delete,
    label: 'Stream',
    plural: 'Streams',
  },
  video_files: {
    remove: api.content.fileDelete,
    permission: CALL_PERMISSIONS.content.fileDelete,
    label: 'Video file',
    plural: 'Video files',
  },
};

/** One item of one kind, as the bin calls take it. */
export type BinItem = BinItemBody;

export const moveToBin = ({ entity, id }: BinItem) => send(BIN_KINDS[entity].remove, { body: { id } });
export const restoreFromBin = (item: BinItem) => send(api.bin.restore, { body: item });
export const purgeFromBin = (item: BinItem) => send(api.bin.purge, { body: item });

/** The bin screen's lists, under one key: a delete or restore anywhere reloads them with the rest. */
export const binKeys = { lists: ['bin', 'list'] as const };

/**
 * After a delete or a restore every list read again: what goes with an item reaches other screens (a brand takes
 * its content from the Content screen, the links to it from compilations, itself from the banner pickers), and
 * deletes are rare enough that reading what is on screen again costs nothing. The session is not a list.
 */
export const reloadAfterBin = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== profileQuery.queryKey[0] });

/** When an item that went to the bin at `deletedAt` is deleted for good (the job `empty-bin`). */
export const purgeDate = (deletedAt: string) => new Date(new Date(deletedAt).getTime() + BIN_DAYS * 86_400_000);

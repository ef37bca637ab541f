import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, LanguageCode, Timestamp } from './common.ts';
import { VideoFile } from './content.ts';

export const UPLOAD_PLATFORMS = ['cloudflare', 'other'] as const;
/** Images for the `other` platform may be at most 1025 KB. */
export const OTHER_PLATFORM_MAX_BYTES = 1025 * 1024;
export const CLOUDFLARE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_BIG_MESSAGE = 'File is bigger than 1MB';
/** The images the server takes (it reads their first bytes): what the console's image picker offers, no more. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const UploadQuery = z.object({
  type: z.enum(['image', 'video']),
  platform: z.enum(UPLOAD_PLATFORMS).default('cloudflare'),
});
export const ImageUploadAnswer = z.object({ cloudflare_url: z.string(), url: z.string() });
export type ImageUploadAnswer = z.infer<typeof ImageUploadAnswer>;

export const CatalogBuild = z.object({
  url: z.string(),
  size_bytes: z.int(),
  sha256: z.string(),
  created_at: Timestamp,
  counts: z.record(z.string(), z.int()),
});
export type CatalogBuild = z.infer<typeof CatalogBuild>;

export const CatalogBuildRecord = CatalogBuild.extend({
  id: z.int(),
  lang_id: z.int(),
  lang_code: z.string(),
  /** This build's own copy; `url` is the stable address apps download, overwritten by each build. */
  versioned_url: z.string(),
  /** Who published it (null: the server itself, e.g. the demo catalogue on first start). */
  created_by: z.string().nullable(),
  /** Set on a rollback: the earlier build whose file this entry made live again (its id and when it was built). */
  rollback_of: z.object({ id: z.int(), created_at: Timestamp }).nullable(),
  /** Whether this is the build apps download now (the newest entry of its language). */
  is_live: z.boolean(),
  /** Built by the server itself at an edge of the schedule (api.md, "Availability in time"), not by a person. */
  automatic: z.boolean().optional(),
});
export type CatalogBuildRecord = z.infer<typeof CatalogBuildRecord>;

export const uploadCalls = {
  upload: call({
    ...addresses.upload.upload,
    summary: 'Upload an image (answers its URL) or a video (answers the VideoFile); multipart field `file`',
    query: UploadQuery,
    response: z.union([ImageUploadAnswer, VideoFile]),
  }),
  catalogBuilds: call({
    ...addresses.upload.catalogBuilds,
    read: true,
    summary: 'Earlier catalogue builds, newest first (of one language when lang_id is given)',
    body: z.object({ lang_id: z.int().positive().optional(), limit: z.int().min(1).max(200).default(50) }),
    response: z.array(CatalogBuildRecord),
  }),
  uploadJson: call({
    ...addresses.upload.uploadJson,
    summary: 'Build and publish the catalogue of one language',
    query: z.object({ lang: LanguageCode }),
    response: CatalogBuildRecord,
  }),
};

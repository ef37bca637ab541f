import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call } from './common.ts';
import { VideoFile } from './videos.ts';

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

/**
 * Resumable video uploads (api.md "Episode intake and readiness"): the tus 1.0.0 protocol at this address, signed in
 * like every call. Not a `call`: a tus client speaks the protocol (creation, HEAD, PATCH). The last PATCH answers the
 * `VideoFile`'s id in the header below.
 */
export const TUS_UPLOADS_PATH = '/api/uploads/tus';
export const VIDEO_FILE_ID_HEADER = 'Video-File-Id';

export const uploadCalls = {
  upload: call({
    ...addresses.upload.upload,
    summary: 'Upload an image (answers its URL) or a video (answers the VideoFile); multipart field `file`',
    query: UploadQuery,
    response: z.union([ImageUploadAnswer, VideoFile]),
  }),
};

import { api } from '@kids-vod/contract';
import { videoFiles } from '../db/schema.ts';
import type { TestApp } from './harness.ts';

let serial = 0;

/** A video file as an upload leaves it: uploads are another module's, so the row is inserted directly. */
export async function newVideoFile(t: TestApp, fields: Partial<typeof videoFiles.$inferInsert> = {}) {
  serial += 1;
  const [file] = await t.database.db
    .insert(videoFiles)
    .values({
      ext_id: `test-vid-${serial}`,
      name: `clip-${serial}.mp4`,
      storage_key: `videos/test-${serial}.mp4`,
      size_bytes: 1000,
      duration_sec: 60,
      playback_url: `https://cdn.example.com/test/${serial}.m3u8`,
      ...fields,
    })
    .returning();
  return file;
}

/** A new video file, attached through the API to the language version `langId` of content `contentId`. */
export async function attachNewVideo(t: TestApp, contentId: number, langId: number) {
  const file = await newVideoFile(t);
  await t.call(api.content.attachVideo, { ext_id: file.ext_id, content_id: contentId, lang_id: langId });
  return file;
}

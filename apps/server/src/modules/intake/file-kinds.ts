/**
 * What kind of file of a studio's delivery a name is (api.md "Studio delivery"), by its extension: the drop takes
 * masters, subtitles, thumbnails and the metadata sheet together and sends each where it goes.
 */
import type { IntakeFileKind } from '@kids-vod/contract';

const BY_EXTENSION: Record<string, IntakeFileKind> = {
  srt: 'subtitles',
  vtt: 'subtitles',
  jpg: 'thumbnail',
  jpeg: 'thumbnail',
  png: 'thumbnail',
  webp: 'thumbnail',
  xlsx: 'sheet',
  csv: 'sheet',
};
/** The containers masters come in (what the upload's probe then reads for what it really is). */
const VIDEO = new Set('mov mp4 m4v mxf mkv webm avi mpg mpeg ts m2ts wmv flv 3gp ogv'.split(' '));

/** Words saying a subtitles file is captions (for the deaf and hard of hearing: sounds written too). */
export const CAPTION_WORDS = new Set(['cc', 'sdh', 'caption', 'captions', 'hoh']);

export function fileKind(base: string): IntakeFileKind {
  const extension = /\.([a-z0-9]{2,5})$/i.exec(base)?.[1]?.toLowerCase() ?? '';
  if (VIDEO.has(extension)) return 'video';
  const kind = BY_EXTENSION[extension] ?? 'other';
  if (kind !== 'subtitles') return kind;
  const words = base
    .slice(0, -extension.length - 1)
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((w) => CAPTION_WORDS.has(w)) ? 'captions' : 'subtitles';
}

import type { ContentLang, Language } from '@kids-vod/contract';
import { Paper, Select, Stack, Text } from '@mantine/core';
import { PosterOrPlayer } from '../../shared/videos/index.ts';
import { borrowedSentence } from './borrowed-words.ts';
import { useBorrowVideo } from './video-api.ts';

const OWN = '';

/**
 * A version without a video of its own may play another version's video with the audio track in its own language
 * (decision 068): one master with its dubs, uploaded once. The choice lists the versions with a video of their own,
 * saying whether that video has a track in this language; the player starts on that track.
 */
export function BorrowedVideo({
  version,
  versions,
  languages,
  langName,
}: {
  version: ContentLang | null;
  versions: ContentLang[];
  languages: Language[];
  langName: string;
}) {
  const borrow = useBorrowVideo();
  const nameOf = (langId: number) => languages.find((l) => l.id === langId)?.name ?? `language ${langId}`;
  const lenders = versions.filter((v) => v.id !== version?.id && v.video !== null);
  const lender = version?.video_from_lang_id
    ? versions.find((v) => v.lang_id === version.video_from_lang_id && v.video !== null)
    : undefined;
  const hasTrack = (v: ContentLang) =>
    v.video?.status !== 'ready' || v.video.audio_tracks.some((t) => t.lang_id === version?.lang_id);
  // Without a track in its language, a version's own subtitles let a child read it (the server's rule too).
  const readable = (version?.subtitles.length ?? 0) > 0;
  const trackWords = (v: ContentLang) =>
    v.video?.status !== 'ready'
      ? 'still processing'
      : hasTrack(v)
        ? `has ${langName} audio`
        : readable
          ? `no ${langName} audio, read with its ${langName} subtitles`
          : `no ${langName} audio track (add ${langName} subtitles to use it)`;
  if (lenders.length === 0 && !version?.video_from_lang_id) return null;
  const code = languages.find((l) => l.id === version?.lang_id)?.code ?? null;
  return (
    <Stack gap="xs">
      {lender?.video ? (
        <Paper withBorder p="sm" radius="sm">
          <Stack gap="xs">
            {lender.video.status === 'ready' && lender.video.playback_url ? (
              <PosterOrPlayer video={lender.video} audioLang={code} />
            ) : null}
            <Text size="sm">
              {version
                ? borrowedSentence({
                    lenderName: nameOf(lender.lang_id),
                    video: lender.video,
                    version,
                    langName,
                    nameOf,
                  })
                : null}
            </Text>
          </Stack>
        </Paper>
      ) : null}
      <Select
        label="Or play another version’s video"
        description={
          version
            ? `One master with its dubs: the ${langName} audio track of another language’s video`
            : 'Save this language version first'
        }
        data={[
          { value: OWN, label: 'No: its own video' },
          ...lenders.map((v) => ({
            value: String(v.lang_id),
            label: `${nameOf(v.lang_id)} version’s video · ${trackWords(v)}`,
            disabled: !hasTrack(v) && !readable,
          })),
        ]}
        value={version?.video_from_lang_id ? String(version.video_from_lang_id) : OWN}
        onChange={(value) => {
          if (!version) return;
          borrow.mutate({
            id: version.id,
            video_from_lang_id: value ? Number(value) : null,
            updated_at: version.updated_at,
          });
        }}
        allowDeselect={false}
        disabled={!version || borrow.isPending}
      />
    </Stack>
  );
}

import type { VideoFile } from '@kids-vod/contract';
import { Box, Button, Center, Image, Loader } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { type ReactNode, Suspense, useState } from 'react';
import { VideoPlayer } from './video-player.tsx';

/**
 * The poster with Play over it; Play puts the player in its place (hls.js arrives then, not with the screen), playing,
 * with `below` under it (the content modal names the audio tracks there).
 */
export function PosterOrPlayer({
  video,
  audioLang = null,
  below = null,
}: {
  video: VideoFile;
  audioLang?: string | null;
  below?: ReactNode;
}) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <Suspense
        fallback={
          <Center h={160}>
            <Loader size="sm" aria-label="Loading the player" />
          </Center>
        }
      >
        <VideoPlayer file={video} autoPlay autoFocus audioLang={audioLang} />
        {below}
      </Suspense>
    );
  }
  return (
    <Box pos="relative" style={{ aspectRatio: '16 / 9', background: 'black', borderRadius: 4, overflow: 'hidden' }}>
      {video.thumbnail_url ? <Image src={video.thumbnail_url} alt="" h="100%" w="100%" fit="contain" /> : null}
      <Center pos="absolute" inset={0}>
        <Button
          leftSection={<IconPlayerPlayFilled size={16} aria-hidden />}
          aria-label={`Play ${video.name}`}
          onClick={() => setPlaying(true)}
        >
          Play
        </Button>
      </Center>
    </Box>
  );
}

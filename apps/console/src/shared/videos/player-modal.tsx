import type { VideoFile } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/client';
import { Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useMay } from '../session/index.ts';
import { AudioLanguages } from './audio-languages.tsx';
import { useVideoFile } from './video-calls.ts';
import { VideoPlayer } from './video-player.tsx';

/**
 * The player in a modal of its own (the Videos screen's Play), open while `file` is given. Closing it stops the video
 * (the player goes) and gives the focus back to the Play button; the title stays through the closing transition.
 */
export function PlayerModal({ file, onClose }: { file: VideoFile | null; onClose: () => void }) {
  const [shown, setShown] = useState(file);
  if (file && file !== shown) setShown(file);
  // As stored now: naming the audio tracks writes a new master, which the player then plays.
  const current = useVideoFile(file).data ?? file;
  const mayName = useMay(CALL_PERMISSIONS.content.fileAudio);
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={shown ? `Play ${shown.name}` : 'Play'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {current ? (
        <Stack gap="md">
          <VideoPlayer file={current} autoPlay />
          {mayName ? <AudioLanguages file={current} /> : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

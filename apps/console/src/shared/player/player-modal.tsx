import type { VideoFile } from '@kids-vod/contract';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { VideoPlayer } from './video-player.tsx';

/**
 * The player in a modal of its own (the Videos screen's Play), open while `file` is given. Closing it stops the video
 * (the player goes) and gives the focus back to the Play button; the title stays through the closing transition.
 */
export function PlayerModal({ file, onClose }: { file: VideoFile | null; onClose: () => void }) {
  const [shown, setShown] = useState(file);
  if (file && file !== shown) setShown(file);
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={shown ? `Play ${shown.name}` : 'Play'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {file ? <VideoPlayer file={file} autoPlay /> : null}
    </Modal>
  );
}

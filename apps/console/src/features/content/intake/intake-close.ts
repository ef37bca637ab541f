import type { RefObject } from 'react';
import { confirmAction, isConfirming } from '../../../shared/feedback/index.ts';

export type Phase = 'choose' | 'matching' | 'review' | 'running' | 'finished';

/**
 * Closing "Upload episodes": files still on their way are stopped only when the person says so; a table the person
 * may have edited (titles, seasons, choices) is not dropped by a stray Escape; once every file has arrived, the
 * processing goes on on the server whatever this page does.
 */
export function useIntakeClose({
  phase,
  sending,
  files,
  stop,
  onClose,
}: {
  phase: Phase;
  sending: boolean;
  files: number;
  stop: RefObject<AbortController | null>;
  onClose: () => void;
}) {
  return async function close() {
    // The Escape that answers "Stop the uploads?" reaches this modal too.
    if (isConfirming()) return;
    if (phase === 'running' && !sending) {
      stop.current?.abort();
    } else if (phase === 'running') {
      const stopIt = await confirmAction({
        title: 'Stop the uploads?',
        message: 'Files not uploaded yet are left; choosing the same files again resumes them.',
        confirmLabel: 'Stop uploads',
      });
      if (!stopIt) return;
      stop.current?.abort();
    } else if (phase === 'review' && files > 0) {
      const leave = await confirmAction({
        title: 'Close without uploading?',
        message: `The ${files === 1 ? 'file' : `${files} files`} and what you changed in the table are left; nothing has been created.`,
        confirmLabel: 'Close',
      });
      if (!leave) return;
    }
    onClose();
  };
}

import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { modalsReady } from './modals-ready.ts';

let openConfirmations = 0;

/**
 * True while a confirmation is on screen. Every open modal hears Escape (Mantine listens on the window, in no
 * fixed order), so the Escape that cancels a confirmation also reaches the modal under it: that modal's close
 * ignores it.
 */
export function isConfirming(): boolean {
  return openConfirmations > 0;
}

/** Asks before something is deleted or lost; resolves true when confirmed. */
export function confirmAction({
  title,
  message,
  confirmLabel = 'Delete',
  danger = true,
}: {
  title: string;
  message?: string;
  confirmLabel?: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    openConfirmations++;
    let settled = false;
    // Cancel and confirm are followed by close: only the first answer counts.
    const answer = (confirmed: boolean) => {
      if (settled) return;
      settled = true;
      // Counted down after the event that answered has reached every listener (the modals under this one).
      setTimeout(() => openConfirmations--, 0);
      resolve(confirmed);
    };
    // Right after a page load the provider may still be on its way (app/overlays.tsx).
    void modalsReady.then(() =>
      modals.openConfirmModal({
        title,
        children: message ? <Text size="sm">{message}</Text> : undefined,
        labels: { confirm: confirmLabel, cancel: 'Cancel' },
        // Red 8: white on Mantine's light-mode red (7) is below 4.5:1.
        confirmProps: danger ? { color: 'red.8' } : undefined,
        // The close icon needs a name for screen readers.
        closeButtonProps: { 'aria-label': 'Close' },
        onConfirm: () => answer(true),
        onCancel: () => answer(false),
        onClose: () => answer(false),
      }),
    );
  });
}

export const DISCARD_QUESTION = {
  title: 'Discard unsaved changes?',
  message: 'The changes in this form have not been saved.',
  confirmLabel: 'Discard',
};

/** Closing a modal with unsaved changes asks first (the question may say what would be lost); an untouched one closes at once. */
export async function closeUnlessUnsaved(
  isDirty: boolean,
  close: () => void,
  question: { title: string; message: string; confirmLabel: string } = DISCARD_QUESTION,
): Promise<void> {
  if (isConfirming()) return;
  if (!isDirty || (await confirmAction(question))) close();
}

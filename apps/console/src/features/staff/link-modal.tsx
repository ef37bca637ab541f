import type { User } from '@kids-vod/contract';
import { Modal } from '@mantine/core';
import { confirmAction, isConfirming, SecretOnce } from '../../shared/feedback/index.ts';
import { formatMoment } from '../../shared/time/index.ts';

export const LINK_SHOWN_ONCE = {
  title: 'Close the link?',
  message: 'The link is shown only once: copy it before closing, or make a new one later.',
  confirmLabel: 'Close anyway',
  danger: false,
};

/** The one-time link of an invite or a password reset, to copy and send to the colleague. */
export function LinkModal({
  link,
  onClose,
}: {
  link: { user: User; invite_url: string; expires_at: string; reset?: boolean };
  onClose: () => void;
}) {
  // Escape or the close icon may be a slip: the link cannot be shown again, so they ask first; Done does not.
  async function closeAsked() {
    if (isConfirming()) return;
    if (await confirmAction(LINK_SHOWN_ONCE)) onClose();
  }
  return (
    <Modal
      opened
      onClose={closeAsked}
      title={link.reset ? `New password link for ${link.user.name}` : `Invite for ${link.user.name}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600 } }}
    >
      <SecretOnce
        label={link.reset ? 'Password link' : 'Invite link'}
        value={link.invite_url}
        note={`Send it to ${link.user.email}. It works once, until ${formatMoment(link.expires_at)} (72 hours), and lets them choose their password; it is not shown again.`}
        onDone={onClose}
      />
    </Modal>
  );
}

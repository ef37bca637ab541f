import type { User } from '@kids-vod/contract';
import { Modal } from '@mantine/core';
import { SecretOnce } from '../../shared/feedback/index.ts';
import { formatMoment } from '../../shared/time/index.ts';

/** The one-time link of an invite or a password reset, to copy and send to the colleague. */
export function LinkModal({
  link,
  onClose,
}: {
  link: { user: User; invite_url: string; expires_at: string; reset?: boolean };
  onClose: () => void;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
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

import { ActionIcon, type ActionIconProps, Button, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** An icon button that copies `value`; its tooltip says "Copied" for a moment. */
export function CopyValue({ value, label, size }: { value: string; label: string; size?: ActionIconProps['size'] }) {
  const icon = size === 'sm' ? 14 : 16;
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size={size} aria-label={label} onClick={copy}>
            {copied ? <IconCheck size={icon} /> : <IconCopy size={icon} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** A button with words that copies `value` (a secret shown once, recovery codes); it says "Copied" for a moment. */
export function CopyTextButton({ value, label, timeout }: { value: string; label: string; timeout?: number }) {
  return (
    <CopyButton value={value} timeout={timeout}>
      {({ copied, copy }) => (
        <Button
          variant="default"
          leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          onClick={copy}
        >
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}

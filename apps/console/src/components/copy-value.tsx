import { ActionIcon, type ActionIconProps, CopyButton, Tooltip } from '@mantine/core';
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

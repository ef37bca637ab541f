import { ROLE_LABELS, ROLES } from '@kids-vod/contract/client';
import { ROLE_DESCRIPTIONS } from '@kids-vod/contract/permission-words';
import { Radio, type RadioGroupProps, Stack } from '@mantine/core';

/** The role, each with what it may do (the contract's words). */
export function RoleField(props: Omit<RadioGroupProps, 'children' | 'label'>) {
  return (
    <Radio.Group label="Role" required {...props}>
      <Stack gap="xs" mt={6}>
        {ROLES.map((role) => (
          <Radio key={role} value={role} label={ROLE_LABELS[role]} description={ROLE_DESCRIPTIONS[role]} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

import { PERMISSION_WORDS } from '@kids-vod/contract/permission-words';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { roleLabel, rolesWith, useRole } from '../shared/session/index.ts';
import type { Screen } from './screens.tsx';

/** What a screen the role may not use shows instead (the server would refuse its calls anyway). */
export function NotForYourRole({ screen }: { screen: Pick<Screen, 'title' | 'permission'> }) {
  const role = useRole();
  return (
    <Stack p="md" gap="sm" maw={640} data-testid="not-for-role">
      <Title order={2}>Your role ({roleLabel(role)}) may not use this screen</Title>
      <Text>
        {screen.title} is for {rolesWith(screen.permission)} accounts: they {PERMISSION_WORDS[screen.permission]}. Ask
        an admin if your work needs it.
      </Text>
      <div>
        <Button component={Link} to="/admin" variant="default">
          Go to the first screen
        </Button>
      </div>
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import { useLanguages } from '../../shared/api/index.ts';
import { ListState } from '../../shared/lists/index.ts';
import { BuildHistory } from './build-history.tsx';
import { PublishPanel } from './publish-panel.tsx';

export function Component() {
  const languages = useLanguages();
  return (
    <Stack gap="xl">
      {/* Without the languages there is nothing to choose: that failure is shown inline with Retry. */}
      <ListState query={languages} isEmpty={false} emptyText="">
        <PublishPanel languages={languages.data ?? []} />
      </ListState>
      <BuildHistory languages={languages.data ?? []} languagesLoaded={languages.isSuccess} />
    </Stack>
  );
}

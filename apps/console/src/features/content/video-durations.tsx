import type { ContentLang } from '@kids-vod/contract';
import { formatDuration } from '@kids-vod/contract/format';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useLanguages } from '../../shared/api/index.ts';

/**
 * Videos whose length is not the duration typed: the apps would show one and play the other. Each says so, with the
 * video's length one click away.
 */
export function VideoDurations({
  versions,
  duration: typed,
  onUse,
}: {
  versions: ContentLang[] | undefined;
  /** The duration field as typed ('' while empty). */
  duration: number | string;
  onUse: (seconds: number) => void;
}) {
  const languages = useLanguages();
  const duration = Number(typed);
  if (!Number.isFinite(duration)) return null;
  const mismatched = (versions ?? []).filter((l) => l.video?.duration_sec != null && l.video.duration_sec !== duration);
  return mismatched.map((l) => {
    const name = languages.data?.find((lang) => lang.id === l.lang_id)?.name ?? `language ${l.lang_id}`;
    const seconds = l.video?.duration_sec ?? 0;
    return (
      <Alert key={l.id} mt="sm" color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            The {name} video lasts {formatDuration(seconds)}; the duration says {formatDuration(duration)}.
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => onUse(seconds)}>
            Use {formatDuration(seconds)}
          </Button>
        </Group>
      </Alert>
    );
  });
}

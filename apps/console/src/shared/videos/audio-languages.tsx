import type { VideoFile } from '@kids-vod/contract';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLanguages } from '../api/index.ts';
import { useAudioLanguages } from './video-calls.ts';

const NONE = '';

/**
 * The language of each audio track of a ready file, as its tag said or as staff chose: listen with the player's Audio
 * choice, then name the track here (a tag missing or wrong). Saving writes the HLS master again, never the picture.
 */
export function AudioLanguages({ file }: { file: Pick<VideoFile, 'id' | 'name' | 'audio_tracks'> }) {
  const languages = useLanguages();
  const save = useAudioLanguages();
  const stored = () =>
    Object.fromEntries(file.audio_tracks.map((t) => [t.index, t.lang_id ? String(t.lang_id) : NONE]));
  const [chosen, setChosen] = useState<Record<number, string>>(stored);
  // biome-ignore lint/correctness/useExhaustiveDependencies: what was saved (or changed elsewhere) is shown again
  useEffect(() => setChosen(stored()), [file.id, JSON.stringify(file.audio_tracks)]);
  if (file.audio_tracks.length === 0) return null;
  const choices = [
    { value: NONE, label: 'No language' },
    ...(languages.data ?? []).map((l) => ({ value: String(l.id), label: `${l.name} (${l.code})` })),
  ];
  const changed = file.audio_tracks.some((t) => (chosen[t.index] ?? NONE) !== (t.lang_id ? String(t.lang_id) : NONE));
  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        Audio languages
      </Title>
      <Group gap="sm" align="flex-start" wrap="wrap">
        {file.audio_tracks.map((track, k) => (
          <Select
            key={track.index}
            label={`Track ${k + 1}${track.tag ? ` (tagged “${track.tag}”)` : ''}`}
            data={choices}
            value={chosen[track.index] ?? NONE}
            onChange={(value) => setChosen((c) => ({ ...c, [track.index]: value ?? NONE }))}
            allowDeselect={false}
            searchable
            disabled={languages.isPending}
            description={track.problem ?? undefined}
            w={220}
          />
        ))}
      </Group>
      <Group gap="xs">
        <Button
          size="xs"
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              id: file.id,
              tracks: file.audio_tracks.map((t) => ({
                index: t.index,
                lang_id: chosen[t.index] ? Number(chosen[t.index]) : null,
              })),
            })
          }
        >
          Apply audio languages
        </Button>
        <Text size="xs" c="dimmed">
          The master playlist is written again; the picture is not converted again.
        </Text>
      </Group>
    </Stack>
  );
}

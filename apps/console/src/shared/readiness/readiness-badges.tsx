import type { Language } from '@kids-vod/contract';
import { Badge, Group, Loader, Text } from '@mantine/core';
import { useLanguages } from '../api/index.ts';
import { problemCount } from './problem-count.ts';
import { useReadiness } from './readiness-query.ts';

const languageCode = (languages: Language[] | undefined, id: number) =>
  (languages?.find((l) => l.id === id)?.code ?? String(id)).toUpperCase();

/** One badge a language: green when nothing stops it, orange with the count of problems otherwise. */
export function ReadinessBadges({ brandId }: { brandId: number }) {
  const readiness = useReadiness(brandId);
  const languages = useLanguages();
  if (!readiness.data)
    return readiness.isError ? (
      <Text size="sm">–</Text>
    ) : (
      <Loader size={12} role="status" aria-label="Checking readiness" />
    );
  if (readiness.data.langs.length === 0) return <Text size="sm">No language</Text>;
  return (
    <Group gap={4} wrap="wrap">
      {readiness.data.langs.map((l) => {
        const code = languageCode(languages.data, l.lang_id);
        const ready = l.problem_count === 0;
        return (
          <Badge
            key={l.lang_id}
            size="md"
            tt="none"
            variant="light"
            color={ready ? 'green' : 'orange'}
            c="var(--mantine-color-text)"
            data-testid={`readiness-${l.lang_id}`}
          >
            {code} {ready ? 'ready' : `· ${problemCount(l.problem_count)}`}
          </Badge>
        );
      })}
    </Group>
  );
}

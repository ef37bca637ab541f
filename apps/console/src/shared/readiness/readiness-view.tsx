import type { Language, ReadinessItem, ReadinessLang } from '@kids-vod/contract';
import { Alert, Anchor, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLanguages } from '../api/index.ts';
import { SUCCESS_TEXT } from '../feedback/index.ts';
import { problemCount } from './problem-count.ts';
import { useReadiness } from './readiness-query.ts';
import { problemAddress, problemWords } from './readiness-words.ts';

const languageName = (languages: Language[] | undefined, id: number) =>
  languages?.find((l) => l.id === id)?.name ?? `Language ${id}`;

function Problem({ item, language, brandId }: { item: ReadinessItem; language: string; brandId?: number }) {
  const address = problemAddress(item, brandId);
  const name = item.name || `#${item.id}`;
  return (
    <List.Item data-problem={item.problem}>
      {address ? (
        <Anchor component={Link} to={address} size="sm" fw={500}>
          {name}
        </Anchor>
      ) : (
        <Text span size="sm" fw={500}>
          {name}
        </Text>
      )}
      <Text span size="sm">
        {': '}
        {problemWords(item.problem, language)}
      </Text>
    </List.Item>
  );
}

/** Problems of one language, each a link to its item, with their count. */
export function ProblemList({
  problems,
  language,
  brandId,
}: {
  problems: ReadinessItem[];
  language: string;
  /** The brand the problems are of, when they are one brand's: its episodes open within it. */
  brandId?: number;
}) {
  return (
    <List size="sm" spacing={2} aria-label={`Problems in ${language}`}>
      {problems.map((p) => (
        <Problem key={`${p.kind}-${p.id}-${p.problem}`} item={p} language={language} brandId={brandId} />
      ))}
    </List>
  );
}

/** A language's readiness: episodes a child could watch, and each problem as a link to its item. */
export function ReadinessOfLanguage({
  lang,
  language,
  brandId,
}: {
  lang: ReadinessLang;
  language: string;
  brandId: number;
}) {
  return (
    <Stack gap={4} data-testid={`readiness-lang-${lang.lang_id}`}>
      <Group gap="xs">
        <Title order={4} size="h6">
          {language}
        </Title>
        <Text size="sm">
          {lang.playable} {lang.playable === 1 ? 'episode' : 'episodes'} a child can watch
        </Text>
        {lang.problem_count === 0 ? (
          <Group gap={4} c={SUCCESS_TEXT}>
            <IconCircleCheck size={16} aria-hidden />
            <Text size="sm">Ready</Text>
          </Group>
        ) : (
          <Text size="sm" fw={500}>
            {problemCount(lang.problem_count)}
            {lang.problem_count > lang.problems.length ? `, the first ${lang.problems.length} listed` : ''}
          </Text>
        )}
      </Group>
      {lang.problems.length > 0 && <ProblemList problems={lang.problems} language={language} brandId={brandId} />}
    </Stack>
  );
}

/** The brand modal's readiness: per language it has a version in. */
export function BrandReadiness({ brandId }: { brandId: number }) {
  const readiness = useReadiness(brandId);
  const languages = useLanguages();
  if (readiness.isError) return <Alert color="red">{readiness.error.message}</Alert>;
  if (!readiness.data) return <Loader size="sm" role="status" aria-label="Checking readiness" />;
  if (readiness.data.langs.length === 0) {
    return <Text size="sm">No language version yet: add one, then its episodes.</Text>;
  }
  return (
    <Stack gap="md" data-testid="brand-readiness">
      {readiness.data.langs.map((l) => (
        <ReadinessOfLanguage
          key={l.lang_id}
          lang={l}
          language={languageName(languages.data, l.lang_id)}
          brandId={brandId}
        />
      ))}
    </Stack>
  );
}

import type { Language, ReadinessItem, ReadinessLang } from '@kids-vod/contract';
import { Alert, Anchor, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLanguages } from '../api/index.ts';
import { SUCCESS_TEXT } from '../feedback/index.ts';
import { problemCount } from './problem-count.ts';
import { useReadiness } from './readiness-query.ts';
import { problemAddress, problemWords } from './readiness-words.ts';

const languageName = (languages: Language[] | undefined, id: number) =>
  languages?.find((l) => l.id === id)?.name ?? `Language ${id}`;

/** One item and everything that stops it, in one line: an episode missing three things is one line, not three. */
function ItemProblems({
  items,
  language,
  brandId,
  langId,
}: {
  items: ReadinessItem[];
  language: string;
  brandId?: number;
  langId?: number;
}) {
  const [item] = items;
  const address = problemAddress(item, brandId, langId);
  const name = item.name || `#${item.id}`;
  return (
    <List.Item data-problems={items.map((i) => i.problem).join(' ')}>
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
        {items.map((i) => problemWords(i.problem, language)).join('; ')}
      </Text>
    </List.Item>
  );
}

/** Items shown before "Show all": the first screenful says where to start. */
const FIRST_ITEMS = 10;

/** Problems of one language grouped by item (the server lists an item's problems together), each a link to it. */
export function ProblemList({
  problems,
  language,
  brandId,
  langId,
}: {
  problems: ReadinessItem[];
  language: string;
  /** The brand the problems are of, when they are one brand's: its episodes open within it. */
  brandId?: number;
  /** The language the problems are in: an episode opens on that version's tab. */
  langId?: number;
}) {
  const [all, setAll] = useState(false);
  const items: ReadinessItem[][] = [];
  for (const p of problems) {
    const last = items.at(-1);
    if (last && last[0].kind === p.kind && last[0].id === p.id) last.push(p);
    else items.push([p]);
  }
  const shown = all ? items : items.slice(0, FIRST_ITEMS);
  return (
    <Stack gap={4} align="flex-start">
      <List size="sm" spacing={2} aria-label={`Problems in ${language}`}>
        {shown.map((group) => (
          <ItemProblems
            key={`${group[0].kind}-${group[0].id}`}
            items={group}
            language={language}
            brandId={brandId}
            langId={langId}
          />
        ))}
      </List>
      {items.length > shown.length && (
        <Button variant="subtle" size="compact-sm" onClick={() => setAll(true)}>
          Show all {items.length} items in {language}
        </Button>
      )}
    </Stack>
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
      {lang.problems.length > 0 && (
        <ProblemList problems={lang.problems} language={language} brandId={brandId} langId={lang.lang_id} />
      )}
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

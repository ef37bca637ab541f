import type { Language } from '@kids-vod/contract';
import { DEFAULT_LANG_ID } from '@kids-vod/contract/client';
import { Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useReadOnly } from './read-only.tsx';

/**
 * Language tabs start on language 1; each tab shows that language's version, or what to do when
 * there is none yet (render-prop `children(langId)` decides). Tabs of languages with a version are marked.
 */
export function LanguageTabs({
  languages,
  present,
  value,
  onChange,
  children,
}: {
  languages: Language[];
  /** Ids of the languages that already have a version. */
  present: Set<number>;
  value: number;
  onChange: (langId: number) => void;
  children: (langId: number) => ReactNode;
}) {
  // In a read-only form (a disabled fieldset, which disables every button in it) the tabs are not buttons, so
  // another language's version can still be looked at.
  const readOnly = useReadOnly();
  const tabElement = readOnly ? ({ component: 'div' } as object) : {};
  return (
    <Tabs value={String(value)} onChange={(v) => onChange(Number(v ?? DEFAULT_LANG_ID))} keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'wrap' }} aria-label="Languages">
        {languages.map((l) => (
          <Tabs.Tab
            key={l.id}
            value={String(l.id)}
            {...tabElement}
            aria-label={`${l.name}${present.has(l.id) ? '' : ' (no version yet)'}`}
          >
            {/* The visible name is part of the accessible name (WCAG 2.5.3 "label in name"; a code like EN is not). */}
            <Text size="sm" fw={present.has(l.id) ? 700 : 400} c={present.has(l.id) ? undefined : 'dimmed'}>
              {l.name}
            </Text>
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={String(value)} pt="md">
        {children(value)}
      </Tabs.Panel>
    </Tabs>
  );
}

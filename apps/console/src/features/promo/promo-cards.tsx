import type { BrandName, Language, Promo } from '@kids-vod/contract';
import { Card, ColorSwatch, Group, SimpleGrid, Skeleton, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { ACTIVE, OpenLink, openOnRowClick, StateLabel } from '../../shared/lists/index.ts';
import { TimedBadge } from '../../shared/time/index.ts';
import { useBannerEpisodes } from './api.ts';
import { BannerPreview } from './banner-preview.tsx';
import { bannerTarget } from './banner-target.ts';

function Colour({ label, value }: { label: string; value: string }) {
  return (
    <Tooltip label={`${label} colour`}>
      <Group gap={4} wrap="nowrap">
        <ColorSwatch color={value} size={14} aria-hidden />
        <Text size="xs" ff="monospace">
          <VisuallyHidden>{label} colour </VisuallyHidden>
          {value}
        </Text>
      </Group>
    </Tooltip>
  );
}

function Detail({ label, children }: { label: string; children: string }) {
  return (
    <Text size="sm" truncate>
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** What the banner opens; an episode is named once its season's content has loaded (one call per season shown). */
function Opens({ banner, brandName }: { banner: Promo; brandName: string | undefined }) {
  const episodes = useBannerEpisodes(banner);
  return <Detail label="Opens">{bannerTarget(banner, brandName, episodes.data)}</Detail>;
}

export function PromoCards({
  rows,
  loading,
  brands,
  languages,
  onOpen,
}: {
  rows: Promo[];
  loading: boolean;
  brands: Map<number, BrandName>;
  languages: Map<number, Language>;
  onOpen: (promo: Promo) => void;
}) {
  const grid = { cols: { base: 1, sm: 2, xl: 3 }, spacing: 'md' } as const;
  if (loading) {
    return (
      <SimpleGrid {...grid}>
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h={230} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid {...grid} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Promo banners">
      {rows.map((p) => {
        const name = p.title.trim() || 'Untitled banner';
        const brand = p.brand_id === null ? null : brands.get(p.brand_id);
        const language = p.lang_id === null ? 'All languages' : (languages.get(p.lang_id)?.name ?? `#${p.lang_id}`);
        return (
          <Card
            key={p.id}
            component="li"
            withBorder
            radius="md"
            padding="sm"
            data-testid={`promo-card-${p.id}`}
            style={{ cursor: 'pointer' }}
            onClick={openOnRowClick(() => onOpen(p))}
          >
            <Stack gap="sm">
              <BannerPreview banner={p} label={`Banner ${name}`} />
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <OpenLink truncate onOpen={() => onOpen(p)}>
                  {name}
                </OpenLink>
                <Group gap={6} wrap="nowrap">
                  <TimedBadge item={p} />
                  <StateLabel on={p.is_active} words={ACTIVE} />
                </Group>
              </Group>
              <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
                <Detail label="Language">{language}</Detail>
                <Detail label="Sort">{String(p.sort)}</Detail>
                <Opens banner={p} brandName={brand?.name} />
                <Group gap="sm" wrap="nowrap">
                  <Colour label="Background" value={p.bg_color} />
                  <Colour label="Button" value={p.button_color} />
                </Group>
              </SimpleGrid>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

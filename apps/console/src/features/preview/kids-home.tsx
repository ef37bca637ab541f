import type { Catalogue, CatalogueBrand, CatalogueItem } from '@kids-vod/contract';
import { formatDuration } from '@kids-vod/contract/format';
import {
  Badge,
  Box,
  Button,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { VideoPlayer } from '../../shared/videos/index.ts';
import classes from './kids-home.module.css';
import { notUnderstood } from './understood.ts';

/** Black or white, whichever reads on a colour the editors chose (WCAG relative luminance). */
function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** 4:05, 1:02:03. */
function EpisodeTile({
  item,
  lang,
  onPlay,
}: {
  item: CatalogueItem;
  lang: string;
  onPlay: (item: CatalogueItem) => void;
}) {
  const seconds = item.video.duration_sec ?? item.duration_sec;
  const unheard = notUnderstood(item, lang);
  return (
    <UnstyledButton className={classes.episode} onClick={() => onPlay(item)}>
      {/* Its name is what it shows, after what it does. */}
      <VisuallyHidden>Play </VisuallyHidden>
      <Box className={classes.thumb}>
        {item.thumbnail_url ? <Image src={item.thumbnail_url} alt="" h="100%" fit="cover" /> : null}
        <IconPlayerPlayFilled size={22} className={classes.play} aria-hidden />
        {seconds ? <span className={classes.duration}>{formatDuration(seconds)}</span> : null}
      </Box>
      <Text size="sm" fw={500} lineClamp={2}>
        {item.sort_number}. {item.title}
      </Text>
      {unheard ? (
        <Badge
          size="sm"
          variant="light"
          color="orange"
          c="var(--mantine-color-text)"
          tt="none"
          data-testid={`not-understood-${item.id}`}
        >
          No {lang.toUpperCase()} audio or subtitles
        </Badge>
      ) : null}
    </UnstyledButton>
  );
}

/** A brand's page: its seasons and episodes, then (for a compilation) the episodes of other brands it shows. */
function BrandPage({
  brand,
  catalogue,
  onBack,
  onPlay,
}: {
  brand: CatalogueBrand;
  catalogue: Catalogue;
  onBack: () => void;
  onPlay: (item: CatalogueItem) => void;
}) {
  const seasons = [...new Set(brand.content.map((c) => c.season))];
  const linked = brand.linked_content
    .map((l) => catalogue.brands.find((b) => b.id === l.brand_id)?.content.find((c) => c.id === l.content_id))
    .filter((c) => c !== undefined);
  return (
    <Stack gap="md" data-testid={`preview-brand-${brand.id}`}>
      <Group gap="sm">
        <Button variant="default" size="compact-sm" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
          Home
        </Button>
        <Title order={3} size="h4">
          {brand.title}
        </Title>
        <Badge variant="default" tt="none">
          {brand.age_rating}
        </Badge>
      </Group>
      {brand.description ? <Text size="sm">{brand.description}</Text> : null}
      {seasons.map((season) => (
        <Stack key={season} gap={6} component="section" aria-label={`Season ${season}`}>
          <Title order={4} size="h6">
            Season {season}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            {brand.content
              .filter((c) => c.season === season)
              .map((item) => (
                <EpisodeTile key={item.id} item={item} lang={catalogue.lang} onPlay={onPlay} />
              ))}
          </SimpleGrid>
        </Stack>
      ))}
      {linked.length > 0 ? (
        <Stack gap={6} component="section" aria-label="From other series">
          <Title order={4} size="h6">
            From other series
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            {linked.map((item) => (
              <EpisodeTile key={item.id} item={item} lang={catalogue.lang} onPlay={onPlay} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
      {brand.content.length === 0 && linked.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing to play yet: apps may hide this brand.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The kids app's home as the catalogue makes it: banners, brand tiles in display order, live streams; a brand opens
 * its page, an episode plays. What a child sees, drawn plainly: the apps have their own design.
 */
export function KidsHome({
  catalogue,
  brandId,
  onBrand,
}: {
  catalogue: Catalogue;
  brandId: number | null;
  onBrand: (id: number | null) => void;
}) {
  const [playing, setPlaying] = useState<CatalogueItem | null>(null);
  const s = catalogue.strings;
  const brand = brandId === null ? undefined : catalogue.brands.find((b) => b.id === brandId);
  return (
    <Stack gap="lg" className={classes.app} data-testid="kids-home">
      {brand ? (
        <BrandPage brand={brand} catalogue={catalogue} onBack={() => onBrand(null)} onPlay={setPlaying} />
      ) : (
        <>
          <Title order={3} size="h3">
            {s['home.title'] ?? 'Home'}
          </Title>
          {catalogue.promos.length > 0 ? (
            <Stack gap="sm" component="section" aria-label="Promo banners">
              {catalogue.promos.map((p) => (
                <Group
                  key={p.id}
                  className={classes.banner}
                  style={{ background: p.bg_color, color: textOn(p.bg_color) }}
                  justify="space-between"
                  wrap="nowrap"
                  data-testid={`preview-promo-${p.id}`}
                >
                  <Group gap="sm" wrap="nowrap">
                    {p.image_url ? <Image src={p.image_url} alt="" h={56} w={56} radius="sm" /> : null}
                    <Text fw={700}>{p.title}</Text>
                  </Group>
                  {p.button_text ? (
                    <span
                      className={classes.bannerButton}
                      style={{ background: p.button_color, color: textOn(p.button_color) }}
                    >
                      {p.button_text}
                    </span>
                  ) : null}
                </Group>
              ))}
            </Stack>
          ) : null}
          <Stack gap={6} component="section" aria-label="Brands">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
              {catalogue.brands.map((b) => (
                <UnstyledButton
                  key={b.id}
                  className={classes.tile}
                  onClick={() => onBrand(b.id)}
                  data-testid={`preview-tile-${b.id}`}
                >
                  <Box className={classes.logo}>
                    {b.logo_url ? <Image src={b.logo_url} alt="" h="100%" fit="contain" /> : null}
                    <span className={classes.age}>{b.age_rating}</span>
                  </Box>
                  <Text size="sm" fw={600} ta="center" lineClamp={2}>
                    {b.title}
                  </Text>
                </UnstyledButton>
              ))}
            </SimpleGrid>
            {catalogue.brands.length === 0 ? <Text c="dimmed">No brand is shown here.</Text> : null}
          </Stack>
          {catalogue.streams.length > 0 ? (
            <Stack gap={6} component="section" aria-label="Live streams">
              <Title order={4} size="h6">
                Live
              </Title>
              <Group gap="sm">
                {catalogue.streams.map((st) => (
                  <Group key={st.id} gap={8} className={classes.stream} wrap="nowrap">
                    {st.poster_url ? <Image src={st.poster_url} alt="" h={40} w={64} radius="sm" fit="cover" /> : null}
                    <Text size="sm" fw={500}>
                      {st.title}
                    </Text>
                  </Group>
                ))}
              </Group>
            </Stack>
          ) : null}
        </>
      )}
      <details>
        <summary>
          <Text span size="sm" fw={500}>
            App strings in use ({Object.keys(s).length})
          </Text>
        </summary>
        <Table verticalSpacing={2} aria-label="App strings in use" mt="xs">
          <Table.Tbody>
            {Object.entries(s).map(([key, value]) => (
              <Table.Tr key={key}>
                <Table.Td ff="monospace" fz="xs">
                  {key}
                </Table.Td>
                <Table.Td fz="sm">{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </details>
      <Modal
        opened={playing !== null}
        onClose={() => setPlaying(null)}
        title={playing?.title}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {playing ? (
          <div data-testid="preview-video">
            <VideoPlayer
              file={{
                id: playing.id,
                name: playing.title,
                playback_url: playing.video.playback_url,
                thumbnail_url: playing.video.poster_url ?? null,
              }}
              posterChoice={false}
              // The track the catalogue tells apps to select: the child's language when the video speaks it.
              audioLang={playing.video.audio_lang ?? null}
              autoPlay
            />
          </div>
        ) : null}
      </Modal>
    </Stack>
  );
}

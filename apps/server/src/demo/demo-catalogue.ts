import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { count, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import {
  brandLangs,
  brands,
  content,
  contentLangs,
  contentLinks,
  countryRules,
  languages,
  localeKeys,
  localeStrings,
  promoCodes,
  promos,
  streams,
  videoFiles,
  viewDaily,
  viewDailyContent,
} from '../db/schema.ts';
import type { Storage } from '../lib/storage/index.ts';
import { publishCatalogue } from '../modules/catalog/index.ts';
import { probeMaster, videoBinaries } from '../modules/videos/index.ts';
import { discPng } from './png.ts';

/** A small random generator with a fixed seed: the demo is the same on every machine. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface DemoBrand {
  name: string;
  slug: string;
  age: '0+' | '3+' | '6+' | '12+';
  colors: [string, string];
  titles: Record<string, string>;
  description: string;
  /** `endsInDays`: the rule ends that many days after the demo is loaded, so Schedule has a licence about to lapse. */
  rules: { code2: string[]; exclude: boolean; endsInDays?: number }[];
  seasons: number;
  perSeason: number;
  episodes: string[];
}

const DEMO_BRANDS: DemoBrand[] = [
  {
    name: 'Captain Comet',
    slug: 'captain-comet',
    age: '3+',
    colors: ['#1c2541', '#f9c80e'],
    titles: { en: 'Captain Comet', es: 'Capitán Cometa', ru: 'Капитан Комета' },
    description: 'A small rocket with a big heart explores the solar system with her friends.',
    rules: [],
    seasons: 3,
    perSeason: 8,
    episodes: [
      'Lift-off!',
      'The Moon Picnic',
      'Lost on Mars',
      'Saturn’s Rings',
      'Comet Race',
      'A Star Is Born',
      'Meteor Shower',
      'Home Again',
    ],
  },
  {
    name: 'Little Forest Friends',
    slug: 'little-forest-friends',
    age: '0+',
    colors: ['#2d6a4f', '#ffb4a2'],
    titles: { en: 'Little Forest Friends', fr: 'Les Petits Amis de la Forêt', de: 'Kleine Waldfreunde' },
    description: 'Hedgehog, Squirrel and Owl learn something new every day in the old oak forest.',
    rules: [{ code2: ['FR', 'DE', 'AT', 'CH', 'BE', 'GB', 'IE'], exclude: false }],
    seasons: 2,
    perSeason: 8,
    episodes: [
      'The Acorn Hunt',
      'Rainy Day',
      'Owl Can’t Sleep',
      'The Big Snow',
      'Spring Flowers',
      'Hide and Seek',
      'The Lost Feather',
      'Good Night, Forest',
    ],
  },
  {
    name: 'Robo Pals',
    slug: 'robo-pals',
    age: '6+',
    colors: ['#3a0ca3', '#4cc9f0'],
    titles: { en: 'Robo Pals', es: 'Robo Amigos', ru: 'Робо-друзья', pt: 'Robôs Amigos' },
    description: 'Two curious robots solve everyday puzzles with science and teamwork.',
    rules: [{ code2: ['CN', 'KP'], exclude: true }],
    seasons: 2,
    perSeason: 7,
    episodes: [
      'Bolt Meets Gizmo',
      'The Magnet Mystery',
      'Rainbow Circuit',
      'Battery Low',
      'The Lever Trick',
      'Robo Garden',
      'Upgrade Day',
    ],
  },
  {
    name: 'Ocean Explorers',
    slug: 'ocean-explorers',
    age: '3+',
    colors: ['#023e8a', '#90e0ef'],
    titles: { en: 'Ocean Explorers', es: 'Exploradores del Océano', fr: 'Explorateurs de l’Océan' },
    description: 'Join the submarine crew of the Blue Bubble on deep-sea adventures.',
    rules: [
      { code2: ['US', 'CA', 'GB', 'AU', 'NZ', 'IE', 'ES', 'MX', 'FR'], exclude: false },
      { code2: ['MX'], exclude: true, endsInDays: 20 },
    ],
    seasons: 2,
    perSeason: 6,
    episodes: ['Dive!', 'The Coral City', 'Whale Song', 'The Glowing Deep', 'Octopus Ink', 'Treasure Reef'],
  },
  {
    name: 'Sleepy Stories',
    slug: 'sleepy-stories',
    age: '0+',
    colors: ['#22223b', '#c9ada7'],
    titles: { en: 'Sleepy Stories', ru: 'Сонные сказки' },
    description: 'Gentle bedtime tales to help little ones drift off to sleep.',
    rules: [],
    seasons: 1,
    perSeason: 6,
    episodes: [
      'The Moon Boat',
      'Counting Sheep',
      'The Quiet Bear',
      'Lullaby Lake',
      'The Starlight Train',
      'Dream Garden',
    ],
  },
];

const APP_STRINGS: Record<string, Record<string, string>> = {
  'home.title': { en: 'Watch now', es: 'Ver ahora', ru: 'Смотреть', fr: 'Regarder' },
  'home.continue': { en: 'Continue watching', es: 'Seguir viendo', ru: 'Продолжить просмотр' },
  'home.new': { en: 'New episodes', es: 'Episodios nuevos', ru: 'Новые серии', fr: 'Nouveaux épisodes' },
  'player.play': { en: 'Play', es: 'Reproducir', ru: 'Играть', fr: 'Lecture', de: 'Abspielen' },
  'player.pause': { en: 'Pause', es: 'Pausa', ru: 'Пауза', fr: 'Pause', de: 'Pause' },
  'player.next': { en: 'Next episode', es: 'Siguiente episodio', ru: 'Следующая серия' },
  'parents.gate': { en: 'Ask a grown-up', es: 'Pregunta a un adulto', ru: 'Спроси взрослого' },
  'settings.language': { en: 'Language', es: 'Idioma', ru: 'Язык', fr: 'Langue', de: 'Sprache' },
  'subscription.promo': { en: 'Have a promo code?', es: '¿Tienes un código promocional?' },
  'errors.offline': { en: 'You are offline', ru: 'Нет сети' },
};

export interface DemoSummary {
  brands: number;
  content: number;
  videos: number;
  viewRows: number;
  /** The languages whose catalogues were published. */
  langs: string[];
}

/**
 * A demo catalogue for a new embedded database, so every screen has something real to show:
 * brands with pictures, language versions and country rules, seasons of episodes with short videos,
 * a compilation, banners, streams, promo codes, app strings and 30 days of viewing minutes.
 */
export async function loadDemoCatalogue(
  db: Db,
  storage: Storage,
  { now = new Date(), publicUrl }: { now?: Date; publicUrl?: string } = {},
): Promise<DemoSummary> {
  const random = seeded(20261122);
  const langRows = await db.select().from(languages);
  const langId = new Map(langRows.map((l) => [l.code, l.id]));
  const videoPath = fileURLToPath(new URL('./assets/demo-episode.mp4', import.meta.url));
  const video = await readFile(videoPath);
  // Probed as an upload is: the demo's videos are masters queued for the same pipeline (the server processes them).
  const source = await probeMaster(videoBinaries(process.env), videoPath);
  /** A demo master, stored privately as an upload's is, queued for processing. */
  async function putMaster(db: Executor, name: string, contentLangId: number | null) {
    const key = `masters/${randomUUID()}`;
    await storage.put(key, video, { contentType: 'application/octet-stream', immutable: true });
    await db.insert(videoFiles).values({
      ext_id: `vf_${randomUUID().replaceAll('-', '')}`,
      name,
      storage_key: key,
      size_bytes: video.length,
      duration_sec: Math.round(source.duration_sec),
      source,
      content_lang_id: contentLangId,
    });
    videoCount++;
  }

  async function putImage(folder: string, background: string, disc: string, size = 256): Promise<string> {
    const key = `images/${folder}-${randomUUID()}.png`;
    await storage.put(key, discPng(size, size, background, disc), { contentType: 'image/png', immutable: true });
    return storage.publicUrl(key);
  }

  /** A moment `days` after the demo is loaded, whole hours so it reads cleanly; none when `days` is not given. */
  const inDays = (days: number | undefined) =>
    days === undefined
      ? null
      : new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + days * 86_400_000).toISOString();

  let contentCount = 0;
  let videoCount = 0;
  const allContent: { id: number; brandId: number }[] = [];
  const brandIds: number[] = [];

  /** One episode of a demo brand: its language versions, and a video in English for the first three. */
  async function addEpisode(tx: Executor, brandId: number, b: DemoBrand, season: number, n: number): Promise<void> {
    const title = `${b.episodes[(n - 1) % b.episodes.length]}${season > 1 ? ` (Season ${season})` : ''}`;
    const published = season < b.seasons || n <= b.perSeason - 2;
    const [row] = await tx
      .insert(content)
      .values({ brand_id: brandId, season, sort_number: n, duration_sec: 4, is_published: published })
      .returning({ id: content.id });
    allContent.push({ id: row.id, brandId });
    contentCount++;
    const versions = Object.keys(b.titles).filter((code) => code === 'en' || random() < 0.6);
    const langVersions = await tx
      .insert(contentLangs)
      .values(
        versions.map((code) => ({
          content_id: row.id,
          lang_id: langId.get(code) as number,
          title: code === 'en' ? title : `${title} [${code}]`,
          description: code === 'en' ? `Episode ${n} of season ${season} of ${b.name}.` : '',
          is_published: published,
        })),
      )
      .returning({ id: contentLangs.id, lang_id: contentLangs.lang_id });
    // The first episodes of each season get a (short, generated) video in English.
    const english = langVersions.find((v) => v.lang_id === langId.get('en'));
    if (english && n <= 3) await putMaster(tx, `${b.slug}-s${season}e${n}.mp4`, english.id);
  }

  for (const [index, b] of DEMO_BRANDS.entries()) {
    const logo = await putImage('logo', b.colors[0], b.colors[1]);
    await db.transaction(async (tx) => {
      const [brand] = await tx
        .insert(brands)
        .values({ name: b.name, slug: b.slug, age_rating: b.age, logo_url: logo, sort: index * 10, is_published: true })
        .returning({ id: brands.id });
      brandIds.push(brand.id);
      await tx.insert(brandLangs).values(
        Object.entries(b.titles).map(([code, title]) => ({
          brand_id: brand.id,
          lang_id: langId.get(code) as number,
          title,
          description: code === 'en' ? b.description : '',
          is_published: code !== 'pt',
        })),
      );
      if (b.rules.length > 0) {
        await tx
          .insert(countryRules)
          .values(b.rules.map(({ endsInDays, ...r }) => ({ brand_id: brand.id, ...r, ends_at: inDays(endsInDays) })));
      }

      for (let season = 1; season <= b.seasons; season++) {
        for (let n = 1; n <= b.perSeason; n++) await addEpisode(tx, brand.id, b, season, n);
      }
    });
  }

  // Two uploaded videos not attached yet, to choose from in the content screen.
  for (const name of ['new-trailer.mp4', 'bonus-clip.mp4']) await putMaster(db, name, null);

  // A compilation brand that links episodes of the others.
  const compilationLogo = await putImage('logo', '#7b2cbf', '#ffd166');
  const [compilation] = await db
    .insert(brands)
    .values({
      name: 'Best of Kids VOD',
      slug: 'best-of-kids-vod',
      age_rating: '0+',
      logo_url: compilationLogo,
      sort: 100,
      is_published: true,
    })
    .returning({ id: brands.id });
  await db.insert(brandLangs).values({
    brand_id: compilation.id,
    lang_id: langId.get('en') as number,
    title: 'Best of Kids VOD',
    description: 'Favourite episodes from every series.',
    is_published: true,
  });
  const picks = brandIds.map((id) => allContent.find((c) => c.brandId === id)).filter((c) => c !== undefined);
  await db.insert(contentLinks).values(picks.map((c) => ({ brand_id: compilation.id, content_id: c.id })));

  const banner = await putImage('banner', '#ffffff', '#1c2541', 320);
  await db.insert(promos).values([
    {
      title: 'New season of Captain Comet',
      brand_id: brandIds[0],
      season: 3,
      lang_id: langId.get('en'),
      image_url: banner,
      bg_color: '#1c2541',
      button_color: '#f9c80e',
      button_text: 'Watch now',
      sort: 1,
    },
    {
      title: 'Bedtime with Sleepy Stories',
      brand_id: brandIds[4],
      lang_id: langId.get('en'),
      bg_color: '#22223b',
      button_color: '#c9ada7',
      button_text: 'Sweet dreams',
      sort: 2,
      // A campaign that ends by itself: Schedule shows it under "Ending soon" on a new console.
      available_until: inDays(12),
    },
    {
      title: '¡Robo Amigos en español!',
      brand_id: brandIds[2],
      lang_id: langId.get('es'),
      bg_color: '#3a0ca3',
      button_color: '#4cc9f0',
      button_text: 'Ver ahora',
      sort: 3,
    },
    {
      title: 'Summer sale (ended)',
      bg_color: '#ffffff',
      // Readable on white (decision 064): even an ended banner is one a person may switch on again.
      button_color: '#1d3557',
      button_text: 'Subscribe',
      sort: 4,
      is_active: false,
    },
  ]);

  const poster = await putImage('poster', '#023e8a', '#90e0ef', 320);
  await db.insert(streams).values([
    {
      lang_id: langId.get('en') as number,
      title: 'Kids VOD Live',
      url: 'https://streams.example.com/live/en/index.m3u8',
      poster_url: poster,
      sort: 1,
    },
    {
      lang_id: langId.get('en') as number,
      title: 'Bedtime Radio',
      url: 'https://streams.example.com/radio/en/index.m3u8',
      sort: 2,
    },
    {
      lang_id: langId.get('es') as number,
      title: 'Kids VOD en directo',
      url: 'https://streams.example.com/live/es/index.m3u8',
      sort: 1,
    },
    {
      lang_id: langId.get('ru') as number,
      title: 'Kids VOD Прямой эфир',
      url: 'https://streams.example.com/live/ru/index.m3u8',
      sort: 1,
      is_active: false,
    },
  ]);

  const today = now.toISOString().slice(0, 10);
  await db.insert(promoCodes).values(
    Array.from({ length: 12 }, (_, i) => ({
      code: `${i % 2 ? 'SPRING' : 'WELCOME'}-${String(100 + i)}`,
      description: i % 2 ? 'Spring campaign: a month free' : 'Welcome discount for new families',
      kind: i % 2 ? 'free_days' : 'percent_off',
      value: i % 2 ? 30 : 10 + i,
      max_uses: i % 3 === 0 ? null : 100 * (i + 1),
      used_count: Math.floor(random() * 50),
      valid_from: today,
      valid_until: i % 4 === 0 ? null : new Date(now.getTime() + (30 + i) * 86_400_000).toISOString().slice(0, 10),
      is_active: i !== 5,
    })),
  );

  await db.insert(localeKeys).values(Object.keys(APP_STRINGS).map((key) => ({ key })));
  await db
    .insert(localeStrings)
    .values(
      Object.entries(APP_STRINGS).flatMap(([key, values]) =>
        Object.entries(values).map(([code, value]) => ({ key, lang_id: langId.get(code) as number, value })),
      ),
    );

  // 30 days of viewing, summed per day, content, language and country, as ingestion would have left it.
  const countriesByLang: Record<string, string[]> = {
    en: ['GB', 'US', 'IE', 'AU'],
    es: ['ES', 'MX'],
    ru: ['KZ', 'AM'],
    fr: ['FR', 'BE'],
    de: ['DE', 'AT'],
    pt: ['BR', 'PT'],
  };
  const rows: (typeof viewDaily.$inferInsert)[] = [];
  for (let d = 0; d < 30; d++) {
    const day = new Date(now.getTime() - d * 86_400_000).toISOString().slice(0, 10);
    for (const c of allContent) {
      if (random() < 0.45) continue;
      const code = random() < 0.75 ? 'en' : (['es', 'ru', 'fr', 'de'] as const)[Math.floor(random() * 4)];
      const list = countriesByLang[code];
      rows.push({
        day,
        content_id: c.id,
        lang_id: langId.get(code) as number,
        country: list[Math.floor(random() * list.length)],
        seconds: Math.round(600 + random() * 36_000),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(viewDaily)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [viewDaily.day, viewDaily.content_id, viewDaily.lang_id, viewDaily.country],
        set: { seconds: sql`${viewDaily.seconds} + excluded.seconds` },
      });
  }

  // The report reads the per-content rollup, which ingestion keeps in step with view_daily.
  await db.execute(sql`insert into ${viewDailyContent} (day, content_id, seconds)
    select day, content_id, sum(seconds) from ${viewDaily} group by day, content_id`);

  // Published, so a new user finds live catalogues, a build history to compare the next build with and a preview
  // that matches what apps download. One build per language the demo writes in, each a fraction of a second. The
  // episodes wait for their videos (video_processing): publishDemoOnceReady publishes again when those are ready.
  const langs = [...new Set(DEMO_BRANDS.flatMap((b) => Object.keys(b.titles)))].sort();
  for (const code of langs) await publishCatalogue(db, storage, code, publicUrl);
  return { brands: DEMO_BRANDS.length + 1, content: contentCount, videos: videoCount, viewRows: rows.length, langs };
}

/**
 * The demo's catalogues published again once every demo video is processed (a few seconds each, in the server),
 * so that a new user's live catalogues have their episodes, as a person would publish after an upload. Gives up
 * quietly after `timeoutMs` (a server that leaves processing to workers that were never started).
 */
export async function publishDemoOnceReady(
  db: Db,
  storage: Storage,
  langs: string[],
  options: { publicUrl?: string; timeoutMs?: number; pollMs?: number } = {},
): Promise<boolean> {
  const until = Date.now() + (options.timeoutMs ?? 10 * 60_000);
  while (Date.now() < until) {
    const [waiting] = await db
      .select({ n: count() })
      .from(videoFiles)
      .where(inArray(videoFiles.status, ['queued', 'processing']));
    if (waiting.n === 0) {
      for (const code of langs) await publishCatalogue(db, storage, code, options.publicUrl);
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 2_000));
  }
  return false;
}

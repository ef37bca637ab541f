import {
  bannerButtonProblems,
  type Catalogue,
  type CatalogueBrand,
  type CatalogueChange,
  type CatalogueDiff,
  type CatalogueItem,
  type CataloguePromo,
  type CatalogueStream,
  type HiddenItem,
  READINESS_LISTED,
  type ReadinessItem,
} from '@kids-vod/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { liveBuild } from './builds.ts';
import { languageOf } from './data.ts';
import { readJsonParts } from './json-parts.ts';
import { versionedKey } from './publish.ts';
import { episodeProblemsIn } from './readiness.ts';
import { catalogueInMemory } from './write.ts';

/** The fields of an object that differ from another's (compared as JSON: lists and objects by their content). */
function changedFields<T extends object>(live: T, next: T, skip: readonly string[] = []): string[] {
  const fields: string[] = [];
  for (const field of Object.keys({ ...live, ...next })) {
    if (skip.includes(field)) continue;
    const a = (live as Record<string, unknown>)[field];
    const b = (next as Record<string, unknown>)[field];
    if (JSON.stringify(a) !== JSON.stringify(b)) fields.push(field);
  }
  return fields;
}

/**
 * Items of one kind whose place moved: those whose predecessor among the items in both lists differs. Moving one
 * item names it and the one that followed it, not every item after it.
 */
function moved(liveIds: number[], nextIds: number[]): Set<number> {
  const inBoth = (ids: number[], other: Set<number>) => ids.filter((id) => other.has(id));
  const liveSet = new Set(liveIds);
  const nextSet = new Set(nextIds);
  const before = (ids: number[]) => new Map(ids.map((id, i) => [id, i === 0 ? null : ids[i - 1]]));
  const livePrev = before(inBoth(liveIds, nextSet));
  const nextPrev = before(inBoth(nextIds, liveSet));
  return new Set([...nextPrev].filter(([id, prev]) => livePrev.get(id) !== prev).map(([id]) => id));
}

/**
 * Compares items of one kind by id: banners or streams, which the live file gives whole (they are few), with their
 * place in the list; or, with `brandId`, the episodes of one brand in both builds, placed by their own season and
 * number (an episode that moved to another brand is found by the caller).
 */
function compareItems<T extends CatalogueItem | CataloguePromo | CatalogueStream>(
  kind: 'content' | 'promo' | 'stream',
  live: T[],
  next: T[],
  changes: CatalogueChange[],
  brandId?: number,
) {
  const liveById = new Map(live.map((item) => [item.id, item]));
  const nextIds = new Set(next.map((item) => item.id));
  const order =
    brandId === undefined
      ? moved(
          live.map((i) => i.id),
          next.map((i) => i.id),
        )
      : new Set<number>();
  const entry = (item: T) => ({
    kind,
    id: item.id,
    name: item.title,
    ...(brandId === undefined ? {} : { brand_id: brandId }),
  });
  for (const item of next) {
    const was = liveById.get(item.id);
    if (!was) changes.push({ ...entry(item), change: 'added' });
    else {
      const fields = changedFields(was, item);
      if (order.has(item.id)) fields.push('order');
      if (fields.length > 0) changes.push({ ...entry(item), change: 'changed', fields });
    }
  }
  for (const item of live) {
    if (!nextIds.has(item.id)) changes.push({ ...entry(item), change: 'removed' });
  }
}

function compareStrings(live: Record<string, string>, next: Record<string, string>, changes: CatalogueChange[]) {
  for (const [key, value] of Object.entries(next)) {
    if (!(key in live)) changes.push({ kind: 'string', id: key, name: key, change: 'added' });
    else if (live[key] !== value)
      changes.push({ kind: 'string', id: key, name: key, change: 'changed', fields: ['text'] });
  }
  for (const key of Object.keys(live)) {
    if (!(key in next)) changes.push({ kind: 'string', id: key, name: key, change: 'removed' });
  }
}

/** An episode removed from one brand and added to another moved: one change of its brand. */
function foldMovedEpisodes(contentChanges: CatalogueChange[]): CatalogueChange[] {
  const ids = (change: string) => new Set(contentChanges.filter((c) => c.change === change).map((c) => c.id));
  const [removedIds, addedIds] = [ids('removed'), ids('added')];
  const content: CatalogueChange[] = [];
  for (const c of contentChanges) {
    if (!(removedIds.has(c.id) && addedIds.has(c.id))) content.push(c);
    else if (c.change === 'added') content.push({ ...c, change: 'changed', fields: ['brand'] });
  }
  return content;
}

/** The live file's parts as they are read: each brand compared at once with the new one, then let go. */
class LiveReader {
  readonly order: number[] = [];
  readonly brandChanges: CatalogueChange[] = [];
  readonly contentChanges: CatalogueChange[] = [];
  promos: CataloguePromo[] = [];
  streams: CatalogueStream[] = [];
  strings: Record<string, string> = {};

  constructor(private readonly next: Map<number, CatalogueBrand>) {}

  element(key: string, element: unknown) {
    if (key === 'promos') this.promos.push(element as CataloguePromo);
    else if (key === 'streams') this.streams.push(element as CatalogueStream);
    else if (key === 'brands') this.brand(element as CatalogueBrand);
  }

  value(key: string, value: unknown) {
    if (key === 'strings') this.strings = value as Record<string, string>;
  }

  private brand(was: CatalogueBrand) {
    this.order.push(was.id);
    const now = this.next.get(was.id);
    if (!now) {
      this.brandChanges.push({ kind: 'brand', id: was.id, name: was.title, change: 'removed' });
      return;
    }
    const fields = changedFields(was, now, ['content']);
    if (fields.length > 0)
      this.brandChanges.push({ kind: 'brand', id: was.id, name: now.title, change: 'changed', fields });
    compareItems('content', was.content, now.content, this.contentChanges, now.id);
  }
}

/**
 * What publishing `next` changes against the live file, read part by part from `source` (readJsonParts): only the
 * new catalogue is held whole. A brand added or removed is one change, its episodes come and go with it; an episode
 * is compared within its brand, and one that moved between brands is one change of its `brand`. No live file (the
 * language's first publish): everything is added.
 */
async function compareWithLive(next: Catalogue, source: AsyncIterable<string> | null): Promise<CatalogueChange[]> {
  const nextBrands = new Map(next.brands.map((b) => [b.id, b]));
  const live = new LiveReader(nextBrands);
  if (source !== null) await readJsonParts(source, live);
  const liveSet = new Set(live.order);
  const brandChanges = live.brandChanges;
  for (const b of next.brands) {
    if (!liveSet.has(b.id)) brandChanges.push({ kind: 'brand', id: b.id, name: b.title, change: 'added' });
  }
  const nextOrder = next.brands.map((b) => b.id);
  for (const id of moved(live.order, nextOrder)) {
    const entry = brandChanges.find((c) => c.id === id && c.change === 'changed');
    if (entry) entry.fields?.push('order');
    else
      brandChanges.push({
        kind: 'brand',
        id,
        name: nextBrands.get(id)?.title ?? '',
        change: 'changed',
        fields: ['order'],
      });
  }
  const changes = [...brandChanges, ...foldMovedEpisodes(live.contentChanges)];
  compareItems('promo', live.promos, next.promos, changes);
  compareItems('stream', live.streams, next.streams, changes);
  compareStrings(live.strings, next.strings, changes);
  return changes;
}

/** The changes building the catalogue of `code` now would make against its live build. */
export async function diffCatalogue(
  db: Db,
  storage: Storage,
  code: string,
  publicUrl?: string,
): Promise<CatalogueDiff> {
  const lang = await languageOf(db, code);
  const { catalogue, rest, live, notReady } = await db.transaction(
    async (tx) => {
      const built = await catalogueInMemory(tx, lang, new Date().toISOString(), { publicUrl });
      return { ...built, live: await liveBuild(tx, lang.id), notReady: await notReadyIn(tx, lang.id, built) };
    },
    { isolationLevel: 'repeatable read' },
  );
  const file = live ? await storage.read(versionedKey(lang.code, live.sha256)) : undefined;
  file?.setEncoding('utf8');
  return {
    live: live ?? null,
    changes: await compareWithLive(catalogue, (file as AsyncIterable<string>) ?? null),
    video_processing: rest.counts.content_video_processing,
    not_ready: notReady.items,
    not_ready_count: notReady.count,
  };
}

/**
 * What stops the language, said before the build (decision 064): a published brand left out with nothing to watch
 * (one unpublished on purpose is not a problem), the problems of the episodes of those and of the brands listed
 * (as each brand's readiness words them), and a banner listed whose button cannot be read. The first
 * READINESS_LISTED, and how many there are.
 */
async function notReadyIn(
  tx: Executor,
  langId: number,
  { rest, catalogue }: { rest: { hidden: HiddenItem[] }; catalogue: Catalogue },
): Promise<{ items: ReadinessItem[]; count: number }> {
  const leftOut = rest.hidden.filter(
    (h) => h.kind === 'brand' && h.reasons.includes('no_playable_content') && !h.reasons.includes('unpublished'),
  );
  const brands = [
    ...leftOut.map((h) => ({ id: h.id, name: h.name })),
    ...catalogue.brands.map((b) => ({ id: b.id, name: b.title })),
  ];
  const episodes = await episodeProblemsIn(tx, langId, brands);
  const items: ReadinessItem[] = [];
  for (const b of brands) {
    if (leftOut.some((h) => h.id === b.id)) items.push({ kind: 'brand', ...b, problem: 'no_playable_content' });
    items.push(...episodes.items.filter((item) => item.brand_id === b.id));
  }
  const banners: ReadinessItem[] = catalogue.promos
    .filter((p) => bannerButtonProblems(p).length > 0)
    .map((p) => ({ kind: 'promo', id: p.id, name: p.title, problem: 'unreadable_colours' }));
  items.push(...banners);
  return { items: items.slice(0, READINESS_LISTED), count: leftOut.length + episodes.count + banners.length };
}

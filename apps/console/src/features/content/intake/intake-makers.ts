import type { BrandName, Content } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { send } from '../../../shared/api/index.ts';
import type { UploadPlan } from './intake-rows.ts';

/**
 * What the rows of one delivery create where it is missing (the brand's language version, an episode, an episode's
 * language version), each once however many rows need it: a master, its subtitles and its thumbnail all land in the
 * same version, whichever of them gets there first.
 */
export function versionMakers(
  brand: BrandName,
  newLangs: number[],
  /** The title a version gets when a row creates it: the master's (the name's guess, as edited), whichever row asks. */
  titleOf: (season: number, episode: number, langId: number) => string,
) {
  const once = new Map<string, Promise<unknown>>();
  const memo = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    let p = once.get(key) as Promise<T> | undefined;
    if (!p) {
      p = make();
      once.set(key, p);
    }
    return p;
  };
  const brandVersion = (langId: number): Promise<unknown> =>
    newLangs.includes(langId)
      ? memo(`brand:${langId}`, () =>
          send(api.brand.langAdd, { body: { brand_id: brand.id, lang_id: langId, title: brand.name } }),
        )
      : Promise.resolve();
  const episode = (plan: UploadPlan): Promise<Content> =>
    plan.existing
      ? Promise.resolve(plan.existing)
      : memo(`episode:${plan.season}:${plan.episode}`, () =>
          send(api.content.add, { body: { brand_id: brand.id, season: plan.season, sort_number: plan.episode } }),
        );
  /** The id of the episode's version in `langId`, created (with the brand's version it needs) when missing. */
  const version = async (item: Content, langId: number): Promise<number> => {
    const known = item.langs.find((l) => l.lang_id === langId);
    if (known) return known.id;
    return memo(`version:${item.id}:${langId}`, async () => {
      await brandVersion(langId);
      const title = titleOf(item.season, item.sort_number, langId);
      return (await send(api.content.langAdd, { body: { content_id: item.id, lang_id: langId, title } })).id;
    });
  };
  return { brandVersion, episode, version };
}
export type VersionMakers = ReturnType<typeof versionMakers>;

/** The catalogue of a pass written out: JSON text piece by piece (a build), or objects (a preview, a diff). */
import type { HiddenItem, Language } from '@kids-vod/contract';
import type { Executor } from '../../db/client.ts';
import { type BuildOptions, buildCatalogue, type CatalogueRest } from './data.ts';
import { type Catalogue, type CatalogueBrand, type CatalogueCounts, FORMAT_VERSION } from './format.ts';

/** The JSON text of an object without its closing brace, for the envelope written around streamed parts. */
export const openObject = (value: object) => JSON.stringify(value).slice(0, -1);

/**
 * Writes the catalogue of one language as JSON text, piece by piece, through `emit` (awaited), and answers its
 * counts and what it left out. The header first, then each brand as buildCatalogue hands it over, then the rest,
 * `next_change_at` first (the pass finds it as it goes). It shows the moment `options.at`, by default `generatedAt`.
 */
export async function writeCatalogue(
  tx: Executor,
  lang: Language,
  generatedAt: string,
  emit: (text: string) => Promise<void> | void,
  options: BuildOptions = {},
): Promise<{ counts: CatalogueCounts; hidden: HiddenItem[] }> {
  await emit(
    `${openObject({
      format_version: FORMAT_VERSION,
      lang: lang.code,
      lang_id: lang.id,
      generated_at: generatedAt,
    } satisfies Partial<Catalogue>)},"brands":[`,
  );
  let first = true;
  const rest = await buildCatalogue(
    tx,
    lang,
    async (brand) => {
      await emit(first ? JSON.stringify(brand) : `,${JSON.stringify(brand)}`);
      first = false;
    },
    { ...options, at: options.at ?? generatedAt },
  );
  // Written pair by pair, not through an object: JavaScript lists keys like "9" and "10" first, in numeric order,
  // and the format promises byte order.
  const strings = `{${rest.strings.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;
  await emit(
    `],"next_change_at":${JSON.stringify(rest.next_change_at)},"promos":${JSON.stringify(rest.promos)},"streams":${JSON.stringify(rest.streams)},"strings":${strings}}`,
  );
  return { counts: rest.counts, hidden: rest.hidden };
}

/** The catalogue of a language as objects (the preview, the changes before publishing), with the rest of the pass. */
export async function catalogueInMemory(
  tx: Executor,
  lang: Language,
  generatedAt: string,
  options: BuildOptions = {},
): Promise<{ catalogue: Catalogue; rest: CatalogueRest }> {
  const brandList: CatalogueBrand[] = [];
  const rest = await buildCatalogue(tx, lang, (brand) => void brandList.push(brand), {
    ...options,
    at: options.at ?? generatedAt,
  });
  return {
    catalogue: {
      format_version: FORMAT_VERSION,
      lang: lang.code,
      lang_id: lang.id,
      generated_at: generatedAt,
      brands: brandList,
      next_change_at: rest.next_change_at,
      promos: rest.promos,
      streams: rest.streams,
      strings: Object.fromEntries(rest.strings),
    },
    rest,
  };
}

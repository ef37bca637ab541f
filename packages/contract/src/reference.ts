import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, Id } from './common.ts';

export { DEFAULT_LANG_ID } from './constants.ts';

export const Language = z.object({ id: Id, code: z.string(), name: z.string() });
export type Language = z.infer<typeof Language>;

export const Country = z.object({ code2: z.string().length(2), name: z.string() });
export type Country = z.infer<typeof Country>;

export const referenceCalls = {
  langList: call({
    ...addresses.reference.langList,
    summary: 'Languages, ordered by id',
    response: z.array(Language),
  }),
  countries: call({
    ...addresses.reference.countries,
    summary: 'ISO 3166-1 countries, ordered by name',
    response: z.array(Country),
  }),
};

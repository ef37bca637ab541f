import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countries, languages } from '../../db/schema.ts';

/** Every ISO 3166-1 alpha-2 code (249). Names come from the ICU data Node ships. */
const ISO_3166_CODES =
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT
BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO
FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE
KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW
MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE
SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE
VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/);

/** The languages a new database starts with; English must stay first (id 1 is the editing default). */
export const INITIAL_LANGUAGES: [code: string, name: string][] = [
  ['en', 'English'],
  ['ru', 'Russian'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['tr', 'Turkish'],
  ['ar', 'Arabic'],
  ['uk', 'Ukrainian'],
  ['pl', 'Polish'],
  ['nl', 'Dutch'],
  ['zh', 'Chinese'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['hi', 'Hindi'],
];

export function isoCountries(): { code2: string; name: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return ISO_3166_CODES.map((code2) => ({ code2, name: names.of(code2) ?? code2 }));
}

/** Fills the lookup tables of an empty database; running it again changes nothing. */
export async function seedReference(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(languages)
      .values(INITIAL_LANGUAGES.map(([code, name]) => ({ code, name })))
      .onConflictDoNothing({ target: languages.code });
    await tx.insert(countries).values(isoCountries()).onConflictDoNothing({ target: countries.code2 });
  });
}

export function listLanguages(db: Executor) {
  return db.select().from(languages).orderBy(asc(languages.id));
}

const byName = new Intl.Collator('en').compare;

/** Sorted here, not in SQL: the database's collation differs between PGlite and servers, the order must not. */
export async function listCountries(db: Executor) {
  const rows = await db.select().from(countries);
  return rows.sort((a, b) => byName(a.name, b.name));
}

/** The codes of `codes` that are not ISO countries. */
export async function unknownCountries(db: Executor, codes: string[]): Promise<string[]> {
  const found = await db.select({ code2: countries.code2 }).from(countries).where(inArray(countries.code2, codes));
  const known = new Set(found.map((c) => c.code2));
  return codes.filter((c) => !known.has(c));
}

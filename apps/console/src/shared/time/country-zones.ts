import { getCountry } from 'countries-and-timezones';

/**
 * The time zones of the countries a rule names ("FR" gives Europe/Paris), for entering its dates in the territory's
 * own time; the data is the countries-and-timezones package's (IANA zones), loaded with the country rules only.
 */
export function countryZones(codes: readonly string[]): string[] {
  const zones = new Set<string>();
  for (const code of codes) for (const zone of getCountry(code)?.timezones ?? []) zones.add(zone);
  return [...zones];
}

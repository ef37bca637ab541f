export { formatInZone, ownTimeZone, relativeTo, ruleWindow, windowWords } from './availability.ts';
export { countryZones } from './country-zones.ts';
export { formatDay, formatMoment } from './format-time.ts';
export { TimedBadge } from './timed-badge.tsx';
export {
  MomentField,
  MomentPair,
  WindowFields,
  type WindowValues,
  windowBody,
  windowError,
  windowErrors,
} from './window-fields.tsx';
export { sameWallTime } from './zoned-time.ts';

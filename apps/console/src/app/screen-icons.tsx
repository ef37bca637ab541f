import {
  type Icon,
  IconActivity,
  IconBroadcast,
  IconCalendarEvent,
  IconChartBar,
  IconCode,
  IconEye,
  IconLanguage,
  IconListCheck,
  IconMovie,
  IconPhoto,
  IconStack2,
  IconTicket,
  IconTrash,
  IconUserCircle,
  IconUsersGroup,
  IconVideo,
  IconWebhook,
} from '@tabler/icons-react';

/**
 * Each screen's icon, by its path (screens.tsx): drawn in the sidebar and beside the header's title. Apart from the
 * list of screens, which the first load carries, so that these icons (1 KB gzip) load after the first paint, with
 * the sidebar; the header's icon is decoration (aria-hidden) and takes its place when they come.
 */
export const SCREEN_ICONS: Record<string, Icon> = {
  brands: IconStack2,
  content: IconMovie,
  streams: IconBroadcast,
  locales: IconLanguage,
  report: IconChartBar,
  json: IconCode,
  promocodes: IconTicket,
  promo: IconPhoto,
  videos: IconVideo,
  readiness: IconListCheck,
  preview: IconEye,
  schedule: IconCalendarEvent,
  bin: IconTrash,
  staff: IconUsersGroup,
  webhooks: IconWebhook,
  activity: IconActivity,
  account: IconUserCircle,
};

/** The icon of the screen at `path`, or nothing for a page that is not one of the screens. */
export function ScreenIcon({ path }: { path: string }) {
  const ScreenIconOf = SCREEN_ICONS[path];
  return ScreenIconOf ? <ScreenIconOf size={18} aria-hidden /> : null;
}

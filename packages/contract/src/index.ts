import { auditCalls } from './audit.ts';
import { authCalls } from './auth.ts';
import { binCalls } from './bin.ts';
import { brandCalls } from './brands.ts';
import { catalogueCalls } from './catalog.ts';
import { contentCalls, linkCalls } from './content.ts';
import { intakeCalls } from './intake.ts';
import { localeCalls } from './locales.ts';
import { metadataCalls } from './metadata.ts';
import { notificationCalls } from './notifications.ts';
import { promoCodeCalls } from './promo-codes.ts';
import { promoCalls } from './promos.ts';
import { referenceCalls } from './reference.ts';
import { reportCalls } from './report.ts';
import { scheduleCalls } from './schedule.ts';
import { ingestKeyCalls, tokenCalls, userCalls } from './staff.ts';
import { streamCalls } from './streams.ts';
import { subtitlesCalls } from './subtitles.ts';
import { uploadCalls } from './uploads.ts';
import { webhookCalls } from './webhooks.ts';

export * from './audit.ts';
export * from './auth.ts';
export * from './availability.ts';
export * from './bin.ts';
export * from './brand-rows.ts';
export * from './brands.ts';
export * from './call-permissions.ts';
export * from './catalog.ts';
export * from './common.ts';
export * from './content.ts';
export * from './country-rules.ts';
export * from './intake.ts';
export * from './lists.ts';
export * from './locales.ts';
export * from './metadata.ts';
export * from './notifications.ts';
export * from './permission-words.ts';
export * from './permissions.ts';
export * from './promo-codes.ts';
export * from './promos.ts';
export * from './readiness.ts';
export * from './reference.ts';
export * from './report.ts';
export * from './schedule.ts';
export * from './sorting.ts';
export * from './staff.ts';
export * from './streams.ts';
export * from './subtitles.ts';
export * from './uploads.ts';
export * from './videos.ts';
export * from './webhooks.ts';
export * from './where-available.ts';

/** Every call of the API, by domain. */
export const api = {
  auth: authCalls,
  users: userCalls,
  token: tokenCalls,
  ingestKey: ingestKeyCalls,
  webhooks: webhookCalls,
  reference: referenceCalls,
  brand: brandCalls,
  content: contentCalls,
  subtitles: subtitlesCalls,
  link: linkCalls,
  promo: promoCalls,
  stream: streamCalls,
  promoCode: promoCodeCalls,
  report: reportCalls,
  upload: uploadCalls,
  intake: intakeCalls,
  locale: localeCalls,
  audit: auditCalls,
  catalog: catalogueCalls,
  bin: binCalls,
  schedule: scheduleCalls,
  metadata: metadataCalls,
  notifications: notificationCalls,
};

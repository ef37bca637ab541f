/** The events a webhook may listen to (api.md "Operations"); zod-free, so the console's screen loads no zod. */
export const WEBHOOK_EVENTS = [
  'video.ready',
  'video.failed',
  'catalogue.published',
  'catalogue.publish_failed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, in the words of the Webhooks screen. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'video.ready': 'A video is ready',
  'video.failed': 'A video failed',
  'catalogue.published': 'A catalogue was published',
  'catalogue.publish_failed': 'A catalogue build failed',
};

/** Where a delivery stands: still to be sent or retried, answered with a 2xx, or given up after the last retry. */
export const WEBHOOK_DELIVERY_RESULTS = ['pending', 'delivered', 'failed'] as const;

/** What other code may use of webhooks: the listeners for the composition root, and the sender for the jobs. */
export {
  catalogueFailedWebhooks,
  cataloguePublishedWebhooks,
  videoFailedWebhooks,
  videoReadyWebhooks,
} from './events.ts';
export { createWebhookSender, MAX_TRIES, RETRY_DELAYS_MS, type WebhookSender } from './sender.ts';

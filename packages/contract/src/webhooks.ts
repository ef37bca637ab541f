import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, Id, IdBody, Ok, Timestamp, UpdatedAtGuard } from './common.ts';
import { WEBHOOK_DELIVERY_RESULTS, WEBHOOK_EVENTS } from './webhook-events.ts';

// Written without zod (webhook-events.ts), so the console's screen reads them without loading zod.
export { WEBHOOK_DELIVERY_RESULTS, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from './webhook-events.ts';

export const WebhookEventName = z.enum(WEBHOOK_EVENTS);

/** Where deliveries go: http(s) only; whether the address is public is the server's question (it resolves it). */
const WebhookUrl = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }));

/** A registered receiver as the list answers it: never its secret (answered once, at `add`). */
export const Webhook = z.object({
  id: Id,
  url: z.string(),
  events: z.array(WebhookEventName),
  description: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** The secret's first characters (`whsec_Ab12…`), to tell which one a receiver was given. */
  secret_prefix: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

const webhookFields = {
  url: WebhookUrl,
  events: z
    .array(WebhookEventName)
    .min(1, 'Choose at least one event')
    .transform((events) => [...new Set(events)]),
  description: z.string().trim().max(500),
};
export const WebhookAddBody = z.object({ ...webhookFields, description: webhookFields.description.default('') });
export type WebhookAddBody = z.input<typeof WebhookAddBody>;
export const WebhookUpdateBody = z
  .object({ id: Id, ...UpdatedAtGuard })
  .extend(z.object(webhookFields).partial().shape);
export type WebhookUpdateBody = z.input<typeof WebhookUpdateBody>;

/** api.md "Operations": `{id, url, events, secret}`, with the rest of the row as the list answers it. */
export const WebhookAdded = Webhook.extend({ secret: z.string() });
export type WebhookAdded = z.infer<typeof WebhookAdded>;

export const WebhookDeliveriesBody = z.object({
  webhook_id: Id,
  offset: z.int().min(0).max(1_000_000).default(0),
  limit: z.int().min(1).max(100).default(50),
});
export type WebhookDeliveriesBody = z.input<typeof WebhookDeliveriesBody>;

/**
 * One event sent to one receiver: `attempt` tries so far, `status` and `duration_ms` of the last (null: no HTTP
 * answer, `answer` says why), `at` when the last try was made (or the event when none yet), `next_at` the next try
 * (null once delivered or given up).
 */
export const WebhookDelivery = z.object({
  id: Id,
  event: z.string(),
  attempt: z.int().min(0),
  status: z.int().nullable(),
  duration_ms: z.int().nullable(),
  at: Timestamp,
  next_at: Timestamp.nullable(),
  result: z.enum(WEBHOOK_DELIVERY_RESULTS),
  /** The receiver's answer (its first characters), or why there was none ("Timed out after 5 s"). */
  answer: z.string().nullable(),
  created_at: Timestamp,
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveryPage = z.object({ rows: z.array(WebhookDelivery), count: z.int().min(0) });
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;

export const webhookCalls = {
  list: call({
    ...addresses.webhooks.list,
    read: true,
    summary: 'Registered webhooks, newest first (admins)',
    body: z.object({}),
    response: z.array(Webhook),
  }),
  add: call({
    ...addresses.webhooks.add,
    summary: 'Register a receiver for events; its signing secret (whsec_…) is answered once',
    body: WebhookAddBody,
    response: WebhookAdded,
  }),
  update: call({
    ...addresses.webhooks.update,
    summary: 'Change a webhook’s address, events or description',
    body: WebhookUpdateBody,
    response: Webhook,
  }),
  delete: call({
    ...addresses.webhooks.delete,
    summary: 'Remove a webhook and its deliveries',
    body: IdBody,
    response: Ok,
  }),
  deliveries: call({
    ...addresses.webhooks.deliveries,
    read: true,
    summary: 'A webhook’s deliveries, newest first, with their answers and retries',
    body: WebhookDeliveriesBody,
    response: WebhookDeliveryPage,
  }),
  test: call({
    ...addresses.webhooks.test,
    summary: 'Send a webhook.test event to the webhook now',
    body: IdBody,
    response: WebhookDelivery,
  }),
};

import { randomBytes, randomUUID } from 'node:crypto';
import type { api, Webhook, WebhookAdded, WebhookDelivery, WebhookDeliveryPage } from '@kids-vod/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { guardedUpdate } from '../../lib/guarded-update.ts';
import type { Body } from '../../lib/route.ts';
import { refusalOfUrl } from './address.ts';

type Parsed<K extends keyof typeof api.webhooks> = Body<(typeof api.webhooks)[K]>;

/** `whsec_` and 32 random bytes in base64: the form Standard Webhooks' libraries take (decision 079). */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const SECRET_SHOWN = 10;

const listColumns = {
  id: webhooks.id,
  url: webhooks.url,
  events: webhooks.events,
  description: webhooks.description,
  created_at: webhooks.created_at,
  updated_at: webhooks.updated_at,
  secret_prefix: sql<string>`left(${webhooks.secret}, ${SECRET_SHOWN}) || '…'`,
};

type Row = Omit<Webhook, 'events'> & { events: string[] };
const toWebhook = (row: Row) => row as Webhook;

export async function listWebhooks(db: Executor): Promise<Webhook[]> {
  const rows = await db.select(listColumns).from(webhooks).orderBy(desc(webhooks.id));
  return rows.map(toWebhook);
}

export async function getWebhook(db: Executor, id: number): Promise<Webhook> {
  const [row] = await db.select(listColumns).from(webhooks).where(eq(webhooks.id, id));
  if (!row) throw notFound(`Webhook ${id}`);
  return toWebhook(row);
}

/** 400 with a sentence unless the URL may be called (address.ts). */
async function assertReachable(url: string, allowPrivate: boolean): Promise<void> {
  const refusal = await refusalOfUrl(url, allowPrivate);
  if (refusal) throw badRequest(refusal, [{ path: 'url', message: refusal }]);
}

export async function addWebhook(db: Executor, body: Parsed<'add'>, allowPrivate: boolean): Promise<WebhookAdded> {
  await assertReachable(body.url, allowPrivate);
  const secret = newSecret();
  const [row] = await db
    .insert(webhooks)
    .values({ url: body.url, events: body.events, description: body.description, secret })
    .returning({ id: webhooks.id });
  return { ...(await getWebhook(db, row.id)), secret };
}

export async function updateWebhook(db: Executor, body: Parsed<'update'>, allowPrivate: boolean): Promise<Webhook> {
  const { id, updated_at, ...changes } = body;
  if (changes.url !== undefined) await assertReachable(changes.url, allowPrivate);
  await guardedUpdate(db, webhooks, id, changes, updated_at, `Webhook ${id}`);
  return getWebhook(db, id);
}

export async function deleteWebhook(db: Executor, id: number): Promise<void> {
  const gone = await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  if (gone.length === 0) throw notFound(`Webhook ${id}`);
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  event: webhookDeliveries.event,
  attempt: webhookDeliveries.attempt,
  status: webhookDeliveries.status,
  duration_ms: webhookDeliveries.duration_ms,
  at: sql<string>`coalesce(${webhookDeliveries.attempted_at}, ${webhookDeliveries.created_at})`,
  next_at: webhookDeliveries.next_at,
  result: webhookDeliveries.result,
  answer: webhookDeliveries.answer,
  created_at: webhookDeliveries.created_at,
};
const toDelivery = (row: Record<keyof typeof deliveryColumns, unknown>) =>
  ({ ...row, at: new Date(row.at as string).toISOString() }) as WebhookDelivery;

export async function listDeliveries(db: Executor, body: Parsed<'deliveries'>): Promise<WebhookDeliveryPage> {
  await getWebhook(db, body.webhook_id);
  const where = eq(webhookDeliveries.webhook_id, body.webhook_id);
  const [rows, [total]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .offset(body.offset)
      .limit(body.limit),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows: rows.map(toDelivery), count: total?.n ?? 0 };
}

export async function getDelivery(db: Executor, id: number): Promise<WebhookDelivery> {
  const [row] = await db.select(deliveryColumns).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  if (!row) throw notFound(`Delivery ${id}`);
  return toDelivery(row);
}

export interface WebhookEventInput {
  type: string;
  data: Record<string, unknown>;
  /** Names the event once: the same key told again (a listener retried) makes no second delivery. */
  key: string;
  /** Only this webhook (webhook.test); otherwise every webhook listening to `type`. */
  webhookId?: number;
}

/**
 * Stores the event for every webhook that listens to it (one statement: a webhook added meanwhile either gets it or
 * not, never half), due at once. The body is written here, so every retry sends the same bytes under the same
 * `webhook-id`. Answers the deliveries' ids.
 */
export async function storeEvent(db: Executor, event: WebhookEventInput): Promise<number[]> {
  const timestamp = new Date().toISOString();
  const body = JSON.stringify({ type: event.type, timestamp, data: event.data });
  const target =
    event.webhookId === undefined
      ? sql`${event.type} = any(${webhooks.events})`
      : sql`${webhooks.id} = ${event.webhookId}`;
  const inserted = (await db.execute(sql`
    insert into ${webhookDeliveries} (webhook_id, message_id, event, event_key, body)
    select ${webhooks.id}, ${`msg_${randomUUID()}`} || '_' || ${webhooks.id}, ${event.type}, ${event.key}, ${body}
    from ${webhooks} where ${target}
    on conflict (webhook_id, event_key) do nothing
    returning id`)) as unknown as { rows: { id: number }[] };
  return inserted.rows.map((r) => r.id);
}

import { randomUUID } from 'node:crypto';
import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import {
  addWebhook,
  deleteWebhook,
  getDelivery,
  getWebhook,
  listDeliveries,
  listWebhooks,
  storeEvent,
  updateWebhook,
} from './data.ts';
import { createWebhookSender } from './sender.ts';

/** Webhooks (admins, api.md "Operations"): the list, its changes, the deliveries, and a test sent at once. */
export async function webhookRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const allowPrivate = app.config.WEBHOOK_ALLOW_PRIVATE;
  // Never started: only its sendNow, so Test answers what the receiver said (the polling senders are server-jobs').
  const sender = createWebhookSender({
    db,
    log: app.log,
    allowPrivate,
    timeoutMs: app.config.WEBHOOK_TIMEOUT_SECONDS * 1000,
  });

  route(app, api.webhooks.list, () => listWebhooks(db));
  route(app, api.webhooks.add, (req) => addWebhook(db, req.body, allowPrivate));
  route(app, api.webhooks.update, (req) => updateWebhook(db, req.body, allowPrivate));
  route(app, api.webhooks.delete, async (req) => {
    await deleteWebhook(db, req.body.id);
    return { ok: true as const };
  });
  route(app, api.webhooks.deliveries, (req) => listDeliveries(db, req.body));
  // Stored first and committed (its own transaction), then sent: a test is a delivery like any other, retried alike.
  route(
    app,
    api.webhooks.test,
    async (req) => {
      const hook = await getWebhook(db, req.body.id);
      const [id] = await storeEvent(db, {
        type: 'webhook.test',
        key: `test:${randomUUID()}`,
        webhookId: hook.id,
        data: { webhook_id: hook.id, url: hook.url },
      });
      await sender.sendNow(id);
      return getDelivery(db, id);
    },
    { changes: 'own-transactions' },
  );
}

import type { Webhook, WebhookAddBody, WebhookUpdateBody } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, send } from '../../shared/api/index.ts';
import { useListChange } from '../../shared/editing/index.ts';

/** The Webhooks screen's calls (admins, decision 079). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  deliveries: (id: number, page: number) => ['webhooks', 'deliveries', id, page] as const,
};

export const DELIVERIES_PER_PAGE = 20;

export const useWebhooks = () => useQuery(callQuery(webhookKeys.list, api.webhooks.list, {}));

/** A webhook's deliveries, newest first; read again every few seconds while shown, so retries appear. */
export const useDeliveries = (id: number, page: number) =>
  useQuery({
    ...callQuery(webhookKeys.deliveries(id, page), api.webhooks.deliveries, {
      webhook_id: id,
      offset: (page - 1) * DELIVERIES_PER_PAGE,
      limit: DELIVERIES_PER_PAGE,
    }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });

export const useAddWebhook = () =>
  useListChange((body: WebhookAddBody) => send(api.webhooks.add, { body }), webhookKeys.all, 'Webhook added');

export const useUpdateWebhook = () =>
  useListChange((body: WebhookUpdateBody) => send(api.webhooks.update, { body }), webhookKeys.all, 'Webhook saved');

export const useDeleteWebhook = () =>
  useListChange(
    (hook: Webhook) => send(api.webhooks.delete, { body: { id: hook.id } }),
    webhookKeys.all,
    'Webhook deleted',
  );

export const useTestWebhook = () =>
  useListChange(
    (hook: Webhook) => send(api.webhooks.test, { body: { id: hook.id } }),
    webhookKeys.all,
    'Test event sent',
  );

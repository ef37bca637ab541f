import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueListeners } from './modules/catalog/index.ts';
import { notifyBuildFailed } from './modules/notifications/index.ts';
import { catalogueFailedWebhooks, cataloguePublishedWebhooks } from './modules/webhooks/index.ts';

/**
 * Who is told when a catalogue is published or its build fails (decisions 078, 079), for the publish calls (app.ts) and
 * the schedule's job (server-jobs.ts): built here, outside both modules, so catalog never imports webhooks.
 */
export function catalogueListeners(log: FastifyBaseLogger): CatalogueListeners {
  return {
    published: [cataloguePublishedWebhooks],
    // The person who pressed Build is told (decision 078); receivers get `catalogue.publish_failed` (decision 079).
    failed: [notifyBuildFailed, catalogueFailedWebhooks],
    onError: (err) => log.warn({ err }, 'a listener of a catalogue build failed'),
  };
}

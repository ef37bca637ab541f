import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueListeners } from './modules/catalog/index.ts';
import { catalogueFailedWebhooks, cataloguePublishedWebhooks } from './modules/webhooks/index.ts';

/**
 * Who is told when a catalogue is published or its build fails (decision 079), for the publish calls (app.ts) and
 * the schedule's job (server-jobs.ts): built here, outside both modules, so catalog never imports webhooks.
 */
export function catalogueListeners(log: FastifyBaseLogger): CatalogueListeners {
  return {
    published: [cataloguePublishedWebhooks],
    failed: [catalogueFailedWebhooks],
    onError: (err) => log.warn({ err }, 'a listener of a catalogue build failed'),
  };
}

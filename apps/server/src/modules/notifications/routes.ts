import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { SessionUser } from '../auth/index.ts';
import { listNotifications, readNotifications } from './data.ts';

/** Everyone's own notifications: the bell in the console's header (api.md "Operations"). */
export async function notificationRoutes(app: FastifyInstance) {
  const { db } = app.database;
  route(app, api.notifications.list, (req) => listNotifications(db, (req.user as SessionUser).id, req.body));
  route(app, api.notifications.read, (req) =>
    readNotifications(db, (req.user as SessionUser).id, req.body, new Date().toISOString()),
  );
}

import type { Notification, NotificationKind, NotificationListBody, NotificationReadBody } from '@kids-vod/contract';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { readAll } from '../../lib/actor.ts';

export interface NewNotification {
  user_id: number;
  kind: NotificationKind;
  text: string;
  link: string | null;
  /** What it is about, once: a second notification with the same key is not written (a listener told again). */
  key: string;
  at?: string;
}

/** Tells a person something; told already (same key): nothing. */
export async function notify(db: Executor, notification: NewNotification): Promise<void> {
  await db.insert(notifications).values(notification).onConflictDoNothing({ target: notifications.key });
}

async function unreadOf(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return row.n;
}

/** A person's own notifications, newest first, and how many of all theirs are unread. */
export async function listNotifications(
  db: Executor,
  userId: number,
  page: Required<NotificationListBody>,
): Promise<{ rows: Notification[]; unread: number }> {
  const [rows, unread] = await readAll(
    db,
    () =>
      db
        .select({
          id: notifications.id,
          at: notifications.at,
          kind: notifications.kind,
          text: notifications.text,
          link: notifications.link,
          read: sql<boolean>`${notifications.read_at} is not null`,
        })
        .from(notifications)
        .where(eq(notifications.user_id, userId))
        .orderBy(desc(notifications.id))
        .limit(page.limit)
        .offset(page.offset),
    () => unreadOf(db, userId),
  );
  return { rows, unread };
}

/** Some of a person's notifications read (another's ids change nothing), or all; answers how many are left unread. */
export async function readNotifications(
  db: Executor,
  userId: number,
  body: NotificationReadBody,
  now: string,
): Promise<{ unread: number }> {
  const mine = and(eq(notifications.user_id, userId), isNull(notifications.read_at));
  await db
    .update(notifications)
    .set({ read_at: now })
    .where('ids' in body ? and(mine, inArray(notifications.id, body.ids)) : mine);
  return { unread: await unreadOf(db, userId) };
}

/**
 * A person's own notifications (api.md "Operations"): their video ready or failed, a build they started failed.
 * Shown by the console's bell; `link` is the console's path to what it is about.
 */
import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, Id, Timestamp } from './common.ts';
import { NOTIFICATION_KINDS } from './constants.ts';

export { NOTIFICATION_KINDS };
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const Notification = z.object({
  id: Id,
  at: Timestamp,
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationListBody = z.object({
  offset: z.int().min(0).max(1_000_000).default(0),
  limit: z.int().min(1).max(100).default(20),
});
export type NotificationListBody = z.input<typeof NotificationListBody>;
export const NotificationPage = z.object({ rows: z.array(Notification), unread: z.int().min(0) });
export type NotificationPage = z.infer<typeof NotificationPage>;

/** Some of one's notifications read (`ids`, others' ignored), or all of them. */
export const NotificationReadBody = z.union([
  z.strictObject({ ids: z.array(Id).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type NotificationReadBody = z.infer<typeof NotificationReadBody>;
export const Unread = z.object({ unread: z.int().min(0) });

export const notificationCalls = {
  list: call({
    ...addresses.notifications.list,
    read: true,
    summary: "The signed-in person's own notifications, newest first, with how many are unread",
    body: NotificationListBody,
    response: NotificationPage,
  }),
  read: call({
    ...addresses.notifications.read,
    summary: "Mark some of one's notifications read (`ids`), or all (`all: true`); answers how many are left unread",
    body: NotificationReadBody,
    response: Unread,
  }),
};

import type { AuditAction, StaffAuditEntity } from '@kids-vod/contract';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { type Actor, currentActor } from './actor.ts';

export interface StaffEvent {
  entity: StaffAuditEntity;
  entity_id: number | string;
  action: AuditAction;
  /** What it was and what it became; never a secret (no hash, token, key or TOTP secret). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Who did it, when it is not the signed-in change running now (a sign-in, a failed sign-in). */
  actor?: Partial<Actor>;
}

/**
 * Writes a staff or sign-in event into the audit log beside the catalogue's trigger-written rows
 * (docs/decisions/007-staff-accounts.md). Inside a signed-in change it is part of the call's transaction.
 */
export async function recordStaffEvent(db: Executor, event: StaffEvent): Promise<void> {
  const actor = { ...currentActor(), ...event.actor };
  await db.insert(auditLog).values({
    user_id: actor.user_id ?? null,
    user_email: actor.user_email ?? null,
    call: actor.call ?? null,
    entity: event.entity,
    entity_id: String(event.entity_id),
    action: event.action,
    before: event.before ?? null,
    after: event.after ?? null,
  });
}

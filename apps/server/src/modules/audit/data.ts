import type { AuditPage, api } from '@kids-vod/contract';
import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { Body } from '../../lib/route.ts';

/** A page of the audit log, newest first; the rows are written by the database's trigger (migration 0003). */
export async function listAudit(db: Executor, filter: Body<typeof api.audit.list>): Promise<AuditPage> {
  const where: SQL[] = [];
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entity_id) where.push(eq(auditLog.entity_id, filter.entity_id));
  if (filter.user_id) where.push(eq(auditLog.user_id, filter.user_id));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lte(auditLog.at, filter.to));
  if (filter.before_id) where.push(lt(auditLog.id, filter.before_id));
  // One row more than asked says whether there is an older page.
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
  const items = rows.slice(0, filter.limit);
  return { items, next_before_id: rows.length > filter.limit ? (items.at(-1)?.id ?? null) : null };
}

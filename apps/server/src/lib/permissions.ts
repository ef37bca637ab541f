import { api, CALL_PERMISSIONS, type Call, may, type Permission, type Role, refusal } from '@kids-vod/contract';
import { HttpError } from './errors.ts';

/** Every call's permission by `METHOD path`, from the contract's one table. */
const byAddress = new Map<string, Permission>();
for (const [domain, calls] of Object.entries(api)) {
  const permissions = CALL_PERMISSIONS[domain as keyof typeof CALL_PERMISSIONS] as Record<string, Permission>;
  for (const [name, c] of Object.entries(calls as Record<string, Call>)) {
    byAddress.set(`${c.method} ${c.path}`, permissions[name]);
  }
}

/** The permission a call needs (CALL_PERMISSIONS); a call missing from the table stops the start. */
export function permissionOf(c: Pick<Call, 'method' | 'path'>): Permission {
  const permission = byAddress.get(`${c.method} ${c.path}`);
  if (!permission) throw new Error(`${c.method} ${c.path} has no line in CALL_PERMISSIONS`);
  return permission;
}

/** 403 naming the role and what it may not do, unless the role has the permission. */
export function requirePermission(user: { role: Role } | null, permission: Permission): void {
  if (user && !may(user.role, permission)) throw new HttpError(403, refusal(user.role, permission));
}

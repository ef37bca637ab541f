import { may, type Permission, ROLE_LABELS, ROLES, type Role } from '@kids-vod/contract/client';
import { useProfile } from './session.ts';

/** The signed-in user's role; undefined until the profile has arrived (or when nobody is signed in). */
export function useRole(): Role | undefined {
  return useProfile().data?.role;
}

/**
 * Whether the signed-in user's role has `permission` (the contract's one table): what screens, buttons and forms
 * ask before showing an action. The server refuses the call anyway; this only keeps the console from offering it.
 */
export function useMay(permission: Permission): boolean {
  const role = useRole();
  return role !== undefined && may(role, permission);
}

/** "Editor", for sentences such as "Your role (Editor) may not use this screen". */
export function roleLabel(role: Role | undefined): string {
  return role ? ROLE_LABELS[role] : 'unknown';
}

/** The roles that have `permission`, in words: "Admin and Marketing". */
export function rolesWith(permission: Permission): string {
  const names = ROLES.filter((r) => may(r, permission)).map((r) => ROLE_LABELS[r]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'no role');
}

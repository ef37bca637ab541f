import type { User } from '@kids-vod/contract';

/**
 * An account's state as the Staff list says it: someone invited who has never signed in is "Invited", not "Active"
 * (their link may have expired unused); a deactivated account is "Inactive" whatever came before.
 */
export function accountState(user: Pick<User, 'is_active' | 'last_sign_in_at'>): 'Active' | 'Invited' | 'Inactive' {
  if (!user.is_active) return 'Inactive';
  return user.last_sign_in_at === null ? 'Invited' : 'Active';
}

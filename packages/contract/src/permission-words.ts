/** Roles and permissions in words: the server's refusals and the staff screen, not every screen's first load. */
import type { Permission, Role } from './permissions.ts';

/** What a role is for, as the staff screen explains it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Everything, including staff accounts, API tokens of others, ingest keys and webhooks',
  editor: 'Brands, content, videos, links, streams, app strings and languages; publishes catalogues',
  marketing: 'Promo banners and promo codes',
  analyst: 'The viewing-minutes report',
};

/** What each permission lets a role do, in the words a refusal uses: "A marketing account may not change the catalogue …". */
export const PERMISSION_WORDS: Record<Permission, string> = {
  public: 'call this without signing in',
  self: 'manage their own account',
  read: 'read the catalogue',
  catalogue:
    'change the catalogue (brands, language versions, country rules, content, videos, links, streams, app strings, languages) or publish it',
  marketing: 'change promo banners or promo codes',
  images: 'upload images',
  report: 'read the viewing-minutes report',
  staff: 'manage staff accounts, the whole activity log, API tokens of others, ingest keys or webhooks',
};

/** The 403 sentence: names the role and what it may not do. */
export function refusal(role: Role, permission: Permission): string {
  const article = /^[aeiou]/.test(role) ? 'An' : 'A';
  return `${article} ${role} account may not ${PERMISSION_WORDS[permission]}.`;
}

/**
 * Who may do what: the table of api.md ("Staff accounts and roles"), written once. The server checks every call
 * against it (a refusal is 403 with `refusal()`'s sentence); the console hides what a role may not use and shows
 * read-only forms where it may read but not change. Zod-free, so the console's first load carries it.
 */
import type { addresses } from './addresses.ts';

export const ROLES = ['admin', 'editor', 'marketing', 'analyst'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  editor: 'Editor',
  marketing: 'Marketing',
  analyst: 'Analyst',
};

/** What a role is for, as the staff screen explains it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Everything, including staff accounts, API tokens of others and ingest keys',
  editor: 'Brands, content, videos, links, streams, app strings and languages; publishes catalogues',
  marketing: 'Promo banners and promo codes',
  analyst: 'The viewing-minutes report',
};

/**
 * The permissions, each with the roles that have it and what it lets them do, in the words a refusal uses:
 * "A marketing account may not change the catalogue (brands, content, …) or publish it."
 */
export const PERMISSIONS = {
  /** Open without a session: sign-in, accepting an invite, view ingestion (it has its own keys). */
  public: { roles: ROLES, does: 'call this without signing in' },
  /** Own account: profile, password, sessions, two-factor, own API tokens. */
  self: { roles: ROLES, does: 'manage their own account' },
  read: { roles: ROLES, does: 'read the catalogue' },
  catalogue: {
    roles: ['admin', 'editor'],
    does: 'change the catalogue (brands, language versions, country rules, content, videos, links, streams, app strings, languages) or publish it',
  },
  marketing: { roles: ['admin', 'marketing'], does: 'change promo banners or promo codes' },
  images: { roles: ['admin', 'editor', 'marketing'], does: 'upload images' },
  report: { roles: ['admin', 'analyst'], does: 'read the viewing-minutes report' },
  staff: {
    roles: ['admin'],
    does: 'manage staff accounts, the whole activity log, API tokens of others or ingest keys',
  },
} as const satisfies Record<string, { roles: readonly Role[]; does: string }>;
export type Permission = keyof typeof PERMISSIONS;

export function may(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

/** The 403 sentence: names the role and what it may not do. */
export function refusal(role: Role, permission: Permission): string {
  const article = /^[aeiou]/.test(role) ? 'An' : 'A';
  return `${article} ${role} account may not ${PERMISSIONS[permission].does}.`;
}

type Addresses = typeof addresses;

/**
 * Every call's permission. Typed over every call's address, so a call added to the API without a line here fails
 * the type check (and the generated role test checks the server keeps to it). Where one call does two things, the
 * server checks the second itself: a video upload needs `catalogue`, an image upload `images`; the activity log
 * of one item is `read`, the whole log `staff`; another user's API tokens need `staff`.
 */
export const CALL_PERMISSIONS: { [D in keyof Addresses]: { [K in keyof Addresses[D]]: Permission } } = {
  auth: {
    login: 'public',
    user: 'self',
    logout: 'self',
    acceptInvite: 'public',
    changePassword: 'self',
    updateProfile: 'self',
    sessions: 'self',
    revokeSession: 'self',
    totpSetup: 'self',
    totpEnable: 'self',
    totpDisable: 'self',
  },
  users: { list: 'staff', invite: 'staff', update: 'staff', resetPassword: 'staff', settings: 'staff' },
  token: { list: 'self', create: 'self', revoke: 'self' },
  ingestKey: { list: 'staff', create: 'staff', revoke: 'staff' },
  reference: { langList: 'read', countries: 'read' },
  brand: {
    list: 'read',
    add: 'catalogue',
    update: 'catalogue',
    langList: 'read',
    langAdd: 'catalogue',
    langUpdate: 'catalogue',
    addCountryRule: 'catalogue',
    delCountryRule: 'catalogue',
    listCountryRule: 'read',
  },
  content: {
    list: 'read',
    add: 'catalogue',
    update: 'catalogue',
    langList: 'read',
    langAdd: 'catalogue',
    langUpdate: 'catalogue',
    files: 'read',
    attachVideo: 'catalogue',
    detachVideo: 'catalogue',
  },
  link: { list: 'read', add: 'catalogue', delete: 'catalogue' },
  promo: { list: 'read', add: 'marketing', update: 'marketing' },
  stream: { list: 'read', add: 'catalogue', update: 'catalogue' },
  promoCode: { list: 'read', get: 'read', add: 'marketing', update: 'marketing', delete: 'marketing' },
  report: { report: 'report', views: 'public' },
  upload: { upload: 'images', catalogBuilds: 'read', uploadJson: 'catalogue' },
  locale: { list: 'read', addKey: 'catalogue', upsert: 'catalogue', delete: 'catalogue', addLanguage: 'catalogue' },
  audit: { list: 'read' },
};

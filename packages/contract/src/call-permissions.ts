/**
 * Every call's permission (api.md, "Staff accounts and roles"): a module of its own, so that a screen that asks only
 * `may(role, permission)` does not load the table of every call.
 */
import type { addresses } from './addresses.ts';
import type { Permission } from './permissions.ts';

type Addresses = typeof addresses;

/**
 * Every call's permission. Typed over every call's address, so a call added to the API without a line here fails
 * the type check (and the generated role test checks the server keeps to it). Where one call does two things, the
 * server checks the second itself: a video upload needs `catalogue`, an image upload `images`; the activity log
 * of one item is `read`, the whole log `staff`; another user's API tokens need `staff`; a restore from the bin or
 * from an item's history needs what changes that item (`catalogue`, or `marketing` for a promo banner).
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
  webhooks: { list: 'staff', add: 'staff', update: 'staff', delete: 'staff', deliveries: 'staff', test: 'staff' },
  reference: { langList: 'read', countries: 'read' },
  brand: {
    list: 'read',
    get: 'read',
    readiness: 'read',
    readinessList: 'read',
    add: 'catalogue',
    update: 'catalogue',
    langList: 'read',
    langAdd: 'catalogue',
    langUpdate: 'catalogue',
    addCountryRule: 'catalogue',
    delCountryRule: 'catalogue',
    listCountryRule: 'read',
    delete: 'catalogue',
    langDelete: 'catalogue',
  },
  content: {
    list: 'read',
    get: 'read',
    add: 'catalogue',
    update: 'catalogue',
    langList: 'read',
    langAdd: 'catalogue',
    langUpdate: 'catalogue',
    files: 'read',
    fileGet: 'read',
    fileRetry: 'catalogue',
    filePoster: 'catalogue',
    fileAudio: 'catalogue',
    fileDelete: 'catalogue',
    attachVideo: 'catalogue',
    detachVideo: 'catalogue',
    delete: 'catalogue',
    langDelete: 'catalogue',
    bulkUpdate: 'catalogue',
    notPlanned: 'catalogue',
  },
  subtitles: { upload: 'catalogue', get: 'read', shift: 'catalogue', delete: 'catalogue' },
  link: { list: 'read', add: 'catalogue', delete: 'catalogue' },
  promo: { list: 'read', get: 'read', add: 'marketing', update: 'marketing', delete: 'marketing' },
  stream: { list: 'read', get: 'read', add: 'catalogue', update: 'catalogue', delete: 'catalogue' },
  promoCode: { list: 'read', get: 'read', add: 'marketing', update: 'marketing', delete: 'marketing' },
  report: { report: 'report', views: 'public' },
  upload: { upload: 'images' },
  intake: { match: 'catalogue' },
  locale: { list: 'read', addKey: 'catalogue', upsert: 'catalogue', delete: 'catalogue', addLanguage: 'catalogue' },
  audit: { list: 'read', restore: 'read' },
  catalog: {
    publish: 'catalogue',
    builds: 'read',
    preview: 'read',
    diff: 'read',
    publishBuild: 'catalogue',
    leftOut: 'read',
  },
  bin: { list: 'read', restore: 'read', purge: 'staff' },
  schedule: { list: 'read', jobs: 'read' },
  // The sheet writes titles and descriptions (import) or hands them out to translators (export): content's editors.
  metadata: { import: 'catalogue', export: 'catalogue' },
  // Everyone's own: what they uploaded or built, told to them alone.
  notifications: { list: 'self', read: 'self' },
};

/**
 * Where every call of the API is sent: its method and path, written once. The contract's calls (`api` in index.ts)
 * take theirs from here, and so does the zod-free client part (client.ts), so a browser that validates no form loads
 * no zod. This module imports nothing.
 */

export type HttpMethod = 'GET' | 'POST';

/** Where one call is sent; `public` calls are open without a session (login, view ingestion). */
export interface Address {
  readonly method: HttpMethod;
  readonly path: string;
  readonly public?: true;
}

/** Every call's address, by domain and name as `api` has them. */
export const addresses = {
  auth: {
    login: { method: 'POST', path: '/api/auth/login/', public: true },
    user: { method: 'GET', path: '/api/auth/user/' },
    logout: { method: 'GET', path: '/api/auth/logout/' },
    acceptInvite: { method: 'POST', path: '/api/auth/accept_invite', public: true },
    changePassword: { method: 'POST', path: '/api/auth/change_password' },
    updateProfile: { method: 'POST', path: '/api/auth/profile' },
    sessions: { method: 'POST', path: '/api/auth/sessions' },
    revokeSession: { method: 'POST', path: '/api/auth/sessions/revoke' },
    totpSetup: { method: 'POST', path: '/api/auth/totp/setup' },
    totpEnable: { method: 'POST', path: '/api/auth/totp/enable' },
    totpDisable: { method: 'POST', path: '/api/auth/totp/disable' },
  },
  users: {
    list: { method: 'POST', path: '/api/users/list' },
    invite: { method: 'POST', path: '/api/users/invite' },
    update: { method: 'POST', path: '/api/users/update' },
    resetPassword: { method: 'POST', path: '/api/users/reset_password' },
    settings: { method: 'POST', path: '/api/users/settings' },
  },
  token: {
    list: { method: 'POST', path: '/api/tokens/list' },
    create: { method: 'POST', path: '/api/tokens/create' },
    revoke: { method: 'POST', path: '/api/tokens/revoke' },
  },
  ingestKey: {
    list: { method: 'POST', path: '/api/ingest_keys/list' },
    create: { method: 'POST', path: '/api/ingest_keys/create' },
    revoke: { method: 'POST', path: '/api/ingest_keys/revoke' },
  },
  webhooks: {
    list: { method: 'POST', path: '/api/webhooks/list' },
    add: { method: 'POST', path: '/api/webhooks/add' },
    update: { method: 'POST', path: '/api/webhooks/update' },
    delete: { method: 'POST', path: '/api/webhooks/delete' },
    deliveries: { method: 'POST', path: '/api/webhooks/deliveries' },
    test: { method: 'POST', path: '/api/webhooks/test' },
  },
  reference: {
    langList: { method: 'GET', path: '/api/content/lang_list' },
    countries: { method: 'GET', path: '/api/content/countries' },
  },
  brand: {
    list: { method: 'POST', path: '/api/brand/list' },
    get: { method: 'POST', path: '/api/brand/get' },
    add: { method: 'POST', path: '/api/brand/add' },
    update: { method: 'POST', path: '/api/brand/update' },
    langList: { method: 'POST', path: '/api/brand_lang/list' },
    langAdd: { method: 'POST', path: '/api/brand_lang/add' },
    langUpdate: { method: 'POST', path: '/api/brand_lang/update' },
    addCountryRule: { method: 'POST', path: '/api/brand/add_country_rule' },
    delCountryRule: { method: 'POST', path: '/api/brand/del_country_rule' },
    listCountryRule: { method: 'POST', path: '/api/brand/list_country_rule' },
    delete: { method: 'POST', path: '/api/brand/delete' },
    langDelete: { method: 'POST', path: '/api/brand_lang/delete' },
    readiness: { method: 'POST', path: '/api/brand/readiness' },
    readinessList: { method: 'POST', path: '/api/readiness/list' },
  },
  content: {
    list: { method: 'POST', path: '/api/content/list' },
    get: { method: 'POST', path: '/api/content/get' },
    add: { method: 'POST', path: '/api/content/add' },
    update: { method: 'POST', path: '/api/content/update' },
    langList: { method: 'POST', path: '/api/content_lang/list' },
    langAdd: { method: 'POST', path: '/api/content_lang/add' },
    langUpdate: { method: 'POST', path: '/api/content_lang/update' },
    files: { method: 'GET', path: '/api/content/files' },
    fileGet: { method: 'POST', path: '/api/content/files/get' },
    fileRetry: { method: 'POST', path: '/api/content/files/retry' },
    filePoster: { method: 'POST', path: '/api/content/files/poster' },
    fileAudio: { method: 'POST', path: '/api/content/files/audio' },
    fileDelete: { method: 'POST', path: '/api/content/files/delete' },
    attachVideo: { method: 'POST', path: '/api/content/attach_video' },
    detachVideo: { method: 'POST', path: '/api/content_lang/detach_video' },
    delete: { method: 'POST', path: '/api/content/delete' },
    langDelete: { method: 'POST', path: '/api/content_lang/delete' },
    bulkUpdate: { method: 'POST', path: '/api/content/bulk_update' },
    notPlanned: { method: 'POST', path: '/api/content/not_planned' },
  },
  subtitles: {
    upload: { method: 'POST', path: '/api/content_lang/subtitles' },
    get: { method: 'POST', path: '/api/content_lang/subtitles/get' },
    shift: { method: 'POST', path: '/api/content_lang/subtitles/shift' },
    delete: { method: 'POST', path: '/api/content_lang/subtitles/delete' },
  },
  link: {
    list: { method: 'POST', path: '/api/content_link/list' },
    add: { method: 'POST', path: '/api/content_link/add' },
    delete: { method: 'POST', path: '/api/content_link/delete' },
  },
  promo: {
    list: { method: 'POST', path: '/api/promo/list' },
    get: { method: 'POST', path: '/api/promo/get' },
    add: { method: 'POST', path: '/api/promo/add' },
    update: { method: 'POST', path: '/api/promo/update' },
    delete: { method: 'POST', path: '/api/promo/delete' },
  },
  stream: {
    list: { method: 'POST', path: '/api/stream/list' },
    get: { method: 'POST', path: '/api/stream/get' },
    add: { method: 'POST', path: '/api/stream/add' },
    update: { method: 'POST', path: '/api/stream/update' },
    delete: { method: 'POST', path: '/api/stream/delete' },
  },
  promoCode: {
    list: { method: 'POST', path: '/api/promo-codes/list/' },
    get: { method: 'GET', path: '/api/promo-codes/:id/' },
    add: { method: 'POST', path: '/api/promo-codes/add/' },
    update: { method: 'POST', path: '/api/promo-codes/:id/update/' },
    delete: { method: 'POST', path: '/api/promo-codes/:id/delete/' },
  },
  report: {
    report: { method: 'POST', path: '/api/stat/views_minutes_report' },
    views: { method: 'POST', path: '/api/stat/views', public: true },
  },
  upload: {
    upload: { method: 'POST', path: '/api/content/upload' },
  },
  intake: {
    match: { method: 'POST', path: '/api/intake/match' },
  },
  locale: {
    list: { method: 'POST', path: '/api/locales/list' },
    addKey: { method: 'POST', path: '/api/locales/add_key' },
    upsert: { method: 'POST', path: '/api/locales/upsert' },
    delete: { method: 'POST', path: '/api/locales/delete' },
    addLanguage: { method: 'POST', path: '/api/content/add_lang' },
  },
  audit: {
    list: { method: 'POST', path: '/api/audit/list' },
    restore: { method: 'POST', path: '/api/audit/restore' },
  },
  catalog: {
    // The JSON build: the spec's path for it is `content/upload_json`, but it is the catalogue's call.
    publish: { method: 'POST', path: '/api/content/upload_json' },
    builds: { method: 'POST', path: '/api/catalog/builds' },
    preview: { method: 'POST', path: '/api/catalog/preview' },
    diff: { method: 'POST', path: '/api/catalog/diff' },
    publishBuild: { method: 'POST', path: '/api/catalog/publish_build' },
    leftOut: { method: 'POST', path: '/api/catalog/left_out' },
  },
  bin: {
    list: { method: 'POST', path: '/api/bin/list' },
    restore: { method: 'POST', path: '/api/bin/restore' },
    purge: { method: 'POST', path: '/api/bin/purge' },
  },
  schedule: {
    list: { method: 'POST', path: '/api/schedule/list' },
    jobs: { method: 'POST', path: '/api/schedule/jobs' },
  },
  metadata: {
    import: { method: 'POST', path: '/api/metadata/import' },
    export: { method: 'POST', path: '/api/metadata/export' },
  },
  notifications: {
    list: { method: 'POST', path: '/api/notifications/list' },
    read: { method: 'POST', path: '/api/notifications/read' },
  },
} as const satisfies Record<string, Record<string, Address>>;

/** The URL of a call: `:name` segments of its path filled from `params`, `query` appended (undefined left out). */
export function callUrl(address: Pick<Address, 'path'>, where: { params?: unknown; query?: unknown } = {}): string {
  const params = (where.params ?? {}) as Record<string, string | number>;
  const url = address.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = Object.entries((where.query ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined);
  const pairs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return pairs.length > 0 ? `${url}?${pairs.join('&')}` : url;
}

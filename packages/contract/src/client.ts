/**
 * The part of the contract a browser needs to send calls, without zod: every call's method and path, typed with
 * its schemas (types only), constants, and where a brand may be watched. A screen that validates no form then
 * loads no zod; screens with forms import the schemas from `@kids-vod/contract` as before. client.test.ts checks these against `api`.
 */
import type { Call } from './common.ts';
import type { api as contractApi } from './index.ts';

export { AGE_RATINGS, DEFAULT_LANG_ID } from './constants.ts';
export { mayWatch, type WhereToWatch, whereToWatch } from './country-rules.ts';

type Api = typeof contractApi;

/** Where a call is sent; `call` is never set, it carries the call's types to `send`. */
export interface CallAddress<C extends Call = Call> {
  method: C['method'];
  path: string;
  public?: true;
  readonly call?: C;
}

export type ApiAddresses = {
  [D in keyof Api]: { [K in keyof Api[D]]: Api[D][K] extends Call ? CallAddress<Api[D][K]> : never };
};

/** Every call of the API, by domain, as `api` of the contract has them (method and path only). */
export const api: ApiAddresses = {
  auth: {
    login: { method: 'POST', path: '/api/auth/login/', public: true },
    user: { method: 'GET', path: '/api/auth/user/' },
    logout: { method: 'GET', path: '/api/auth/logout/' },
  },
  reference: {
    langList: { method: 'GET', path: '/api/content/lang_list' },
    countries: { method: 'GET', path: '/api/content/countries' },
  },
  brand: {
    list: { method: 'POST', path: '/api/brand/list' },
    add: { method: 'POST', path: '/api/brand/add' },
    update: { method: 'POST', path: '/api/brand/update' },
    langList: { method: 'POST', path: '/api/brand_lang/list' },
    langAdd: { method: 'POST', path: '/api/brand_lang/add' },
    langUpdate: { method: 'POST', path: '/api/brand_lang/update' },
    addCountryRule: { method: 'POST', path: '/api/brand/add_country_rule' },
    delCountryRule: { method: 'POST', path: '/api/brand/del_country_rule' },
    listCountryRule: { method: 'POST', path: '/api/brand/list_country_rule' },
  },
  content: {
    list: { method: 'POST', path: '/api/content/list' },
    add: { method: 'POST', path: '/api/content/add' },
    update: { method: 'POST', path: '/api/content/update' },
    langList: { method: 'POST', path: '/api/content_lang/list' },
    langAdd: { method: 'POST', path: '/api/content_lang/add' },
    langUpdate: { method: 'POST', path: '/api/content_lang/update' },
    files: { method: 'GET', path: '/api/content/files' },
    attachVideo: { method: 'POST', path: '/api/content/attach_video' },
    detachVideo: { method: 'POST', path: '/api/content_lang/detach_video' },
  },
  link: {
    list: { method: 'POST', path: '/api/content_link/list' },
    add: { method: 'POST', path: '/api/content_link/add' },
    delete: { method: 'POST', path: '/api/content_link/delete' },
  },
  promo: {
    list: { method: 'POST', path: '/api/promo/list' },
    add: { method: 'POST', path: '/api/promo/add' },
    update: { method: 'POST', path: '/api/promo/update' },
  },
  stream: {
    list: { method: 'POST', path: '/api/stream/list' },
    add: { method: 'POST', path: '/api/stream/add' },
    update: { method: 'POST', path: '/api/stream/update' },
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
    catalogBuilds: { method: 'POST', path: '/api/catalog/builds' },
    uploadJson: { method: 'POST', path: '/api/content/upload_json' },
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
  },
};

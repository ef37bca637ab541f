/**
 * Webhooks reach public addresses only (decision 079): the app with its default settings refuses a URL that leads to
 * loopback, a private network or link-local (the cloud's metadata address) when it is saved, with a sentence.
 */
import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { isPublicAddress } from './address.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INSIDE = [
  'http://127.0.0.1:8080/hook',
  'http://localhost/hook',
  'http://10.1.2.3/hook',
  'http://172.16.0.1/hook',
  'http://192.168.1.10/hook',
  'http://169.254.169.254/latest/meta-data',
  'http://100.64.0.1/hook',
  'http://0.0.0.0/hook',
  'http://[::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[fd00::1]/hook',
  'http://[fe80::1]/hook',
];

describe('a webhook’s address', () => {
  it('is refused at add when it leads inside, with a sentence, and nothing is saved', async () => {
    for (const url of INSIDE) {
      const refused = await t.refused(api.webhooks.add, { url, events: ['video.ready'] });
      expect(refused.status, url).toBe(400);
      expect(refused.detail, url).toMatch(/loopback, private or link-local address/);
    }
    const unknown = await t.refused(api.webhooks.add, {
      url: 'https://no-such-host.invalid/',
      events: ['video.ready'],
    });
    expect(unknown).toMatchObject({ status: 400, detail: expect.stringMatching(/could not be found/) });
    expect(await t.call(api.webhooks.list, {})).toEqual([]);
  });

  it('is refused at update too, leaving the webhook as it was', async () => {
    // A public address by its number: nothing to resolve, so the test needs no network.
    const hook = await t.call(api.webhooks.add, { url: 'https://93.184.215.14/hook', events: ['video.ready'] });
    const refused = await t.refused(api.webhooks.update, { id: hook.id, url: 'http://127.0.0.1/hook' });
    expect(refused.status).toBe(400);
    const [kept] = await t.call(api.webhooks.list, {});
    expect(kept.url).toBe('https://93.184.215.14/hook');
  });

  it('tells public from inside addresses', () => {
    for (const a of ['8.8.8.8', '93.184.215.14', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', '::ffff:10.0.0.1', 'fe80::1', 'not an ip']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertAdmin } from '../modules/auth/data.ts';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../test/harness.ts';
import { seedFirstStart } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a later start', () => {
  it('creates no admin and names one that exists: the configured one when it is there, else the first', async () => {
    await upsertAdmin(t.database.db, 'second@example.com', 'second-password-1');
    expect(await seedFirstStart(t.database.db, { ADMIN_EMAIL: 'Second@Example.com' })).toEqual({
      adminEmail: 'second@example.com',
      createdAdmin: false,
    });
    // Started with an ADMIN_EMAIL that is no user here (set after the first start): the first admin.
    expect(await seedFirstStart(t.database.db, { ADMIN_EMAIL: 'nobody@example.com' })).toEqual({
      adminEmail: ADMIN_EMAIL,
      createdAdmin: false,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { accountState } from './account-state.ts';

describe("a staff account's state", () => {
  it('is Invited until the first sign-in, then Active', () => {
    expect(accountState({ is_active: true, last_sign_in_at: null })).toBe('Invited');
    expect(accountState({ is_active: true, last_sign_in_at: '2026-11-28T06:00:00.000Z' })).toBe('Active');
  });

  it('is Inactive once deactivated, signed in before or not', () => {
    expect(accountState({ is_active: false, last_sign_in_at: null })).toBe('Inactive');
    expect(accountState({ is_active: false, last_sign_in_at: '2026-11-28T06:00:00.000Z' })).toBe('Inactive');
  });
});

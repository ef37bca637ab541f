import { describe, expect, it } from 'vitest';
import { pageToComeBackTo } from './route-handle.ts';

describe('the page / comes back to', () => {
  it("is a screen's address, with its list state", () => {
    expect(
      pageToComeBackTo({ title: 'Content', screen: 'content' }, { pathname: '/admin/content', search: '?brand=3' }),
    ).toBe('/admin/content?brand=3');
  });

  it('is never an unknown address under /admin', () => {
    expect(pageToComeBackTo({ title: 'Not found' }, { pathname: '/admin/nowhere', search: '' })).toBeNull();
  });
});

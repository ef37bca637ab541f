import { describe, expect, it } from 'vitest';
import { bulkQuestion, pageState, toggleOne, togglePage } from './selection.ts';

describe('content selection', () => {
  it('selects a page, then unselects it; a page partly selected is selected whole', () => {
    const page = [1, 2, 3];
    expect(pageState(new Set(), page)).toBe('none');
    const all = togglePage(new Set([9]), page);
    expect([...all].sort()).toEqual([1, 2, 3, 9]);
    expect(pageState(all, page)).toBe('all');
    expect([...togglePage(all, page)]).toEqual([9]);
    const some = toggleOne(new Set(), 2);
    expect(pageState(some, page)).toBe('some');
    expect(pageState(togglePage(some, page), page)).toBe('all');
    expect([...toggleOne(some, 2)]).toEqual([]);
  });

  it('asks with the count, one or many', () => {
    expect(bulkQuestion('publish', 40).title).toBe('Publish 40 episodes?');
    expect(bulkQuestion('unpublish', 1).title).toBe('Unpublish 1 episode?');
    expect(bulkQuestion('season', 1200)).toMatchObject({
      title: 'Set the season of 1,200 episodes',
      confirm: 'Set season',
    });
    expect(bulkQuestion('availability', 2).confirm).toBe('Set availability');
  });
});

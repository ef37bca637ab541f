import { describe, expect, it } from 'vitest';
import { CLOSING, isClosing, itemAddress, leavesItem, parseEdit } from './edit-address.ts';

describe('the open item in the address', () => {
  it('reads an id, a new item, none, or something that is no item', () => {
    expect(parseEdit('12')).toBe(12);
    expect(parseEdit('new')).toBe('new');
    expect(parseEdit(null)).toBeNull();
    expect(parseEdit('')).toBeNull();
    for (const bad of ['0', '-3', '1.5', '12abc', 'NEW', '007', ' 12', '1e3', '9999999999999999']) {
      expect(parseEdit(bad), bad).toBe('bad');
    }
  });

  it('tells leaving an item from a new one getting its id', () => {
    expect(leavesItem('?edit=12', '')).toBe(true);
    expect(leavesItem('?edit=12', '?edit=13')).toBe(true);
    expect(leavesItem('?edit=new', '')).toBe(true);
    expect(leavesItem('?edit=new', '?edit=12')).toBe(false);
    expect(leavesItem('?edit=12&q=a', '?q=b&edit=12')).toBe(false);
    expect(leavesItem('?q=a', '?q=b')).toBe(false);
  });

  it('keys an open item by its screen and whole address, in any order of parameters', () => {
    expect(itemAddress('/admin/content', '?edit=45&brand=3')).toBe('/admin/content?brand=3&edit=45');
    expect(itemAddress('/admin/content', '?brand=3&edit=45')).toBe('/admin/content?brand=3&edit=45');
    expect(itemAddress('/admin/content', '?brand=3&edit=new')).not.toBe(
      itemAddress('/admin/content', '?brand=4&edit=new'),
    );
    expect(itemAddress('/admin/brands', '?q=hill')).toBeNull();
    expect(itemAddress('/admin/brands', '?edit=oops')).toBe('/admin/brands?edit=oops');
  });

  it('tells a close from Back by the history state the close leaves', () => {
    expect(isClosing({ [CLOSING]: true })).toBe(true);
    for (const state of [null, undefined, 'closingItem', {}, { [CLOSING]: 'yes' }])
      expect(isClosing(state)).toBe(false);
  });
});

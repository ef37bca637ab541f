import { describe, expect, it } from 'vitest';
import { loadEstimator, strengthHint } from './password-strength.ts';

describe('strengthHint', () => {
  it('names the score and clamps it to 0–4', () => {
    expect(strengthHint(4, null, 20)).toMatchObject({ score: 4, label: 'Very strong', warning: '' });
    expect(strengthHint(7, null, 20).score).toBe(4);
    expect(strengthHint(-1, null, 20)).toMatchObject({ score: 0, label: 'Very weak' });
  });

  it("puts the estimator's warning in words, and asks for 10 characters first", () => {
    expect(strengthHint(0, 'topTen', 12).warning).toBe('This is one of the most used passwords.');
    expect(strengthHint(3, null, 6).warning).toBe('Use at least 10 characters.');
    expect(strengthHint(1, 'unknownKey', 12).warning).toBe('');
  });
});

describe('the estimator', () => {
  it('finds a breached password weak and a long passphrase strong', async () => {
    const estimate = await loadEstimator();
    const weak = estimate('password123', []);
    expect(weak.score).toBeLessThanOrEqual(1);
    expect(weak.warning).not.toBe('');
    expect(estimate('violet tractor sings under 7 moons', []).score).toBe(4);
  });
});

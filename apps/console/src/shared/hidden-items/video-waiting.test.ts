import { describe, expect, it } from 'vitest';
import { processingSentence } from './video-waiting.ts';

describe('versions waiting for their video', () => {
  it('says how many episodes wait for their video, and nothing when none do', () => {
    expect(processingSentence(3)).toBe('3 episodes are left out while their video is processing.');
    expect(processingSentence(1, 'Spanish')).toBe(
      '1 episode is left out of the Spanish catalogue while its video is processing.',
    );
    expect(processingSentence(0)).toBeNull();
    expect(processingSentence(undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { borrowedSentence } from './borrowed-words.ts';

const names: Record<number, string> = { 1: 'English', 2: 'Russian', 3: 'Spanish' };
const track = (index: number, lang_id: number | null) => ({ index, lang_id, tag: null, problem: null });
const subtitles = [{ id: 1 }] as never[];
const sentence = (audio: ReturnType<typeof track>[], withSubtitles = true, status: 'ready' | 'processing' = 'ready') =>
  borrowedSentence({
    lenderName: 'English',
    video: { name: 'episode.mp4', status, audio_tracks: audio },
    version: { lang_id: 3, subtitles: withSubtitles ? subtitles : [] },
    langName: 'Spanish',
    nameOf: (id) => names[id],
  });

describe('the sentence of a borrowed video', () => {
  it('says the version’s own audio only when the video has a track in its language', () => {
    expect(sentence([track(1, 1), track(2, 3)])).toBe(
      'Plays the English version’s video (episode.mp4) with its Spanish audio.',
    );
  });

  it('says which audio there is, and the subtitles, when it borrows to be read', () => {
    expect(sentence([track(1, 1)])).toBe(
      'Plays the English version’s video (episode.mp4) with Spanish subtitles: it has no Spanish audio, only English.',
    );
    expect(sentence([track(1, 1), track(2, 2)])).toBe(
      'Plays the English version’s video (episode.mp4) with Spanish subtitles: it has no Spanish audio, only English and Russian.',
    );
    expect(sentence([track(1, 1), track(2, null)])).toBe(
      'Plays the English version’s video (episode.mp4) with Spanish subtitles: it has no Spanish audio, only English and a track in no language.',
    );
    expect(sentence([track(1, 1)], false)).toBe(
      'Plays the English version’s video (episode.mp4), without Spanish subtitles: it has no Spanish audio, only English.',
    );
    expect(sentence([], true)).toBe(
      'Plays the English version’s video (episode.mp4) with Spanish subtitles: it has no audio.',
    );
    expect(sentence([], true, 'processing')).toBe(
      'Plays the English version’s video (episode.mp4) once it is processed.',
    );
  });
});

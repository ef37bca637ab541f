import { type Content, indexEpisodes } from '@kids-vod/contract';
import { describe, expect, it } from 'vitest';
import {
  clashingKeys,
  fromMatch,
  inTableOrder,
  LEFT_OUT_NO_EPISODE,
  LEFT_OUT_OTHER,
  missingBrandLangs,
  planOf,
} from './intake-rows.ts';

const file = (name: string) => new File(['x'], name, { type: 'video/mp4' });
const EN = 1;
const ES = 2;

/** Rows as the match answers them for the names given ([season, episode, lang] or null for a name that says none). */
function rowsOf(names: [string, [number, number, number | null] | null][]) {
  return fromMatch(
    names.map(([n]) => file(n)),
    names.map(([name, m]) => ({
      name,
      season: m ? m[0] : null,
      episode: m ? m[1] : null,
      lang_id: m ? m[2] : null,
      lang_ids: m && m[2] !== null ? [m[2]] : [],
      kind: 'video' as const,
      content_id: null,
      title: `Guess ${name}`,
    })),
    0,
  );
}

const existing = {
  id: 7,
  season: 1,
  sort_number: 1,
  langs: [{ id: 70, lang_id: EN, title: 'Lift-off', has_video: false }],
};
const episodes = indexEpisodes([existing as unknown as Content]);

describe('the intake table', () => {
  it('plans a matched row onto an existing episode (its version keeps its title) or a new one', () => {
    const rows = rowsOf([
      ['a_S01E01_EN.mp4', [1, 1, EN]],
      ['a_S01E01_ES.mp4', [1, 1, ES]],
      ['a_S01E02_EN.mp4', [1, 2, EN]],
    ]);
    const plans = planOf(rows, episodes, new Set([EN, ES]), new Set());
    expect(plans.get(rows[0].key)).toMatchObject({ kind: 'upload', existing: { id: 7 }, versionTitle: 'Lift-off' });
    expect(plans.get(rows[1].key)).toMatchObject({ kind: 'upload', existing: { id: 7 }, versionTitle: null });
    expect(plans.get(rows[2].key)).toMatchObject({ kind: 'upload', existing: null, season: 1, episode: 2 });
  });

  it('leaves a name that says no episode out until its season and episode are filled, then asks for what is missing', () => {
    const [row] = rowsOf([['final_v2.mov', null]]);
    expect(row.include).toBe(false);
    expect(planOf([row], episodes, new Set([EN]), new Set()).get(row.key)).toEqual({
      kind: 'left-out',
      why: LEFT_OUT_NO_EPISODE,
    });
    const filled = { ...row, include: true, season: 1 as const, episode: 3 as const };
    expect(planOf([filled], episodes, new Set([EN]), new Set()).get(row.key)).toEqual({
      kind: 'incomplete',
      why: 'Say its language, or leave it out',
    });
    expect(planOf([{ ...filled, langId: EN }], episodes, new Set([EN]), new Set()).get(row.key)?.kind).toBe('upload');
  });

  it('starts a file for a version that has a video left out: replacing it is the person’s choice', () => {
    const withVideo = indexEpisodes([
      { ...existing, langs: [{ ...existing.langs[0], has_video: true }] } as unknown as Content,
    ]);
    const names = ['a_S01E01_EN (v2).mp4', 'a_S01E01_ES.mp4'];
    const answer = [EN, ES].map((lang_id, i) => ({
      name: names[i],
      season: 1,
      episode: 1,
      lang_id,
      lang_ids: [lang_id],
      kind: 'video' as const,
      content_id: 7,
      title: 'Lift-off',
    }));
    const [again, spanish] = fromMatch(names.map(file), answer, 0, withVideo);
    expect([again.include, spanish.include]).toEqual([false, true]);
    expect(planOf([{ ...again, include: true }], withVideo, new Set([EN]), new Set()).get(again.key)).toMatchObject({
      kind: 'upload',
      replaces: true,
    });
  });

  it('keeps one of two files for the same episode and language: the first, or the one the person chose', () => {
    const rows = rowsOf([
      ['show_S01E02_EN.mp4', [1, 2, EN]],
      ['show_S01E02_EN_v2.mp4', [1, 2, EN]],
      ['show_S01E02_ES.mp4', [1, 2, ES]],
    ]);
    let plans = planOf(rows, episodes, new Set([EN, ES]), new Set());
    expect(plans.get(rows[0].key)?.kind).toBe('upload');
    expect(plans.get(rows[1].key)).toEqual({ kind: 'clash', keptName: 'show_S01E02_EN.mp4' });
    expect(plans.get(rows[2].key)?.kind).toBe('upload');
    expect([...clashingKeys(rows, plans)]).toEqual([rows[0].key, rows[1].key]);

    const chosen = rows.map((r, i) => (i === 1 ? { ...r, keptAt: 1 } : r));
    plans = planOf(chosen, episodes, new Set([EN, ES]), new Set());
    expect(plans.get(rows[0].key)).toEqual({ kind: 'clash', keptName: 'show_S01E02_EN_v2.mp4' });
    expect(plans.get(rows[1].key)?.kind).toBe('upload');
  });

  it('offers the brand version of a language it lacks; declined, its files wait', () => {
    const rows = rowsOf([
      ['a_S01E01_EN.mp4', [1, 1, EN]],
      ['a_S01E01_ES.mp4', [1, 1, ES]],
    ]);
    expect(missingBrandLangs(rows, new Set([EN]))).toEqual([ES]);
    expect(planOf(rows, episodes, new Set([EN]), new Set([ES])).get(rows[1].key)?.kind).toBe('upload');
    expect(planOf(rows, episodes, new Set([EN]), new Set()).get(rows[1].key)).toEqual({
      kind: 'no-brand-version',
      langId: ES,
    });
  });

  it('orders the table by season, episode and name, names that say nothing last; a clash keeps the file added first', () => {
    const rows = rowsOf([
      ['b_S01E02_EN.mp4', [1, 2, EN]],
      ['final_v2.mov', null],
      ['b_S01E01_EN.mp4', [1, 1, EN]],
      ['a_S01E02_EN.mp4', [1, 2, EN]],
    ]);
    const ordered = inTableOrder(rows);
    expect(ordered.map((r) => r.name)).toEqual([
      'b_S01E01_EN.mp4',
      'a_S01E02_EN.mp4',
      'b_S01E02_EN.mp4',
      'final_v2.mov',
    ]);
    const plans = planOf(ordered, episodes, new Set([EN]), new Set());
    expect(plans.get(rows[3].key)).toEqual({ kind: 'clash', keptName: 'b_S01E02_EN.mp4' });
  });

  it("takes a delivery's subtitles and thumbnails beside its masters, each filling its own place", () => {
    const names = ['z_S01E01_EN_ES.mp4', 'z_S01E01_EN.srt', 'z_S01E01_EN_SDH.vtt', 'z_S01E01.png', 'notes.txt'];
    const kinds = ['video', 'subtitles', 'captions', 'thumbnail', 'other'] as const;
    const langs = [[EN, ES], [EN], [EN], [], []];
    const rows = fromMatch(
      names.map(file),
      names.map((name, i) => ({
        name,
        season: i < 4 ? 1 : null,
        episode: i < 4 ? 1 : null,
        lang_id: langs[i][0] ?? null,
        lang_ids: langs[i],
        kind: kinds[i],
        content_id: null,
        title: '',
      })),
      0,
    );
    expect(rows.map((r) => [r.kind, r.include])).toEqual([
      ['video', true],
      ['subtitles', true],
      ['captions', true],
      ['thumbnail', true],
      ['other', false],
    ]);
    expect(rows[4].leftOutWhy).toBe(LEFT_OUT_OTHER);
    const plans = planOf(rows, episodes, new Set([EN]), new Set());
    // Same episode and language, but not the same place: no clash; a thumbnail naming no language needs none.
    expect(rows.slice(0, 4).map((r) => plans.get(r.key)?.kind)).toEqual(['upload', 'upload', 'upload', 'upload']);
    expect(plans.get(rows[3].key)).toMatchObject({ langId: null });
    // Checked by hand, a file of no known kind is still left out.
    expect(planOf([{ ...rows[4], include: true }], episodes, new Set([EN]), new Set()).get(rows[4].key)?.kind).toBe(
      'left-out',
    );
    // The master's second language is offered to the brand as well.
    expect(missingBrandLangs(rows, new Set([EN]))).toEqual([ES]);
  });
});

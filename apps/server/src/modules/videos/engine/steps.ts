/**
 * The ladder as data (issue 36, decision 069): the steps a master is converted to, read from the VIDEO_LADDER
 * setting, and the renditions planned from them for one source. The default is the ladder of decision 059.
 */
import type { VideoSource } from '@kids-vod/contract';
import { z } from 'zod';

/** One step of the ladder: a landscape box a rendition's picture fits in (turned for portrait), and its bit rates. */
export interface LadderStep {
  long: number;
  short: number;
  videoKbps: number;
  /** The sound's rate where this step is the top one: every audio track takes the top rendition's. */
  audioKbps: number;
}

/** A rendition of the ladder as planned for a source: its picture's size and its rates. */
export interface PlannedRendition {
  width: number;
  height: number;
  videoKbps: number;
  /** The sound's rate where this rendition is the top one: every audio track takes the top one's (`audioKbps`). */
  audioKbps: number;
}

/** VIDEO_LADDER's default: today's steps, 360p to 1080p (decision 059). */
export const DEFAULT_LADDER = '640x360:800:96,854x480:1400:96,1280x720:2800:128,1920x1080:5000:128';

const STEP = /^(\d{2,4})x(\d{2,4}):(\d{2,5}):(\d{2,3})$/;

/**
 * VIDEO_LADDER: steps `WIDTHxHEIGHT:VIDEO_KBPS:AUDIO_KBPS` separated by commas, smallest first; a landscape box
 * (width ≥ height, even sizes), video 100 to 50 000 kbit/s, audio 32 to 320 kbit/s; 1 to 8 steps.
 */
export const LadderSetting = z.string().transform((value, ctx): LadderStep[] => {
  const steps: LadderStep[] = [];
  for (const part of value.split(',').map((p) => p.trim())) {
    const match = STEP.exec(part);
    const step = match && { long: +match[1], short: +match[2], videoKbps: +match[3], audioKbps: +match[4] };
    const problem = step ? stepProblem(step, steps.at(-1)) : 'is not WIDTHxHEIGHT:VIDEO_KBPS:AUDIO_KBPS';
    if (problem || !step) {
      ctx.addIssue({ code: 'custom', message: `the step “${part.slice(0, 40)}” ${problem}` });
      return z.NEVER;
    }
    steps.push(step);
  }
  if (steps.length > 8) {
    ctx.addIssue({ code: 'custom', message: 'has more than 8 steps' });
    return z.NEVER;
  }
  return steps;
});

/** What is wrong with a step, after the one before it; null when nothing is. */
function stepProblem(step: LadderStep, before: LadderStep | undefined): string | null {
  const { long, short, videoKbps, audioKbps } = step;
  if (long < short || long % 2 || short % 2 || short < 96)
    return 'must be a landscape box of even sizes, at least 96 pixels high';
  if (videoKbps < 100 || videoKbps > 50_000) return 'must have a video rate of 100 to 50000 kbit/s';
  if (audioKbps < 32 || audioKbps > 320) return 'must have an audio rate of 32 to 320 kbit/s';
  if (before && short <= before.short) return 'must be larger than the step before it (smallest first)';
  return null;
}

/** The default ladder's steps. */
export const DEFAULT_STEPS: readonly LadderStep[] = LadderSetting.parse(DEFAULT_LADDER);

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The renditions for a source: never above the source's height (a source below the first step gets one rendition at
 * its own size, even dimensions).
 */
export function planLadder(source: VideoSource, steps: readonly LadderStep[] = DEFAULT_STEPS): PlannedRendition[] {
  const { width, height } = source;
  const portrait = height > width;
  const renditions: PlannedRendition[] = [];
  for (const step of steps) {
    const boxWidth = portrait ? step.short : step.long;
    const boxHeight = portrait ? step.long : step.short;
    // The picture fitted into the box, kept in proportion; a step bigger than the source in both directions would
    // only upscale, so the ladder stops below it.
    const scale = Math.min(boxWidth / width, boxHeight / height);
    if (scale > 1.001) break;
    const renditionWidth = even(width * scale);
    const renditionHeight = even(height * scale);
    // A picture narrower than the box (4:3, scope) has fewer pixels to spend the bits on.
    const share = Math.min(1, Math.max(0.5, (renditionWidth * renditionHeight) / (boxWidth * boxHeight)));
    renditions.push({
      width: renditionWidth,
      height: renditionHeight,
      videoKbps: Math.round((step.videoKbps * share) / 10) * 10,
      audioKbps: step.audioKbps,
    });
  }
  if (renditions.length === 0) {
    const first = steps[0];
    const share = Math.max(0.25, (width * height) / (first.long * first.short));
    renditions.push({
      width: Math.max(2, width - (width % 2)),
      height: Math.max(2, height - (height % 2)),
      videoKbps: Math.round((first.videoKbps * share) / 10) * 10,
      audioKbps: first.audioKbps,
    });
  }
  return renditions;
}

/** The bit rate of every audio track: the top rendition's (decision 068: the sound is encoded once, not once a rendition). */
export function audioKbps(renditions: PlannedRendition[]): number {
  return Math.max(...renditions.map((r) => r.audioKbps));
}

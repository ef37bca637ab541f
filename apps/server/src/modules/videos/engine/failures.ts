/** The sentence a person reads when the ladder's ffmpeg fails: the machine's fault, or the master's. */
import { clock } from './progress.ts';

/** Failures that are the machine's or ours, not the master's. */
const NOT_THE_MASTER: Array<[RegExp, string]> = [
  [/No space left on device/i, 'The disk is full, so the video could not be converted.'],
  [/Cannot allocate memory/i, 'The server ran out of memory while converting the video.'],
  [/Permission denied|Read-only file system/i, 'The converted video could not be written to its folder.'],
  [
    /Error (initializing|opening|reinitializing) (complex )?filters?|Error initializing output stream|Unknown encoder/i,
    'The video could not be converted. Try again; if it fails again, export the master anew as MP4 (H.264) or MOV (ProRes).',
  ],
];

export function failureSentence(stderr: string[], reachedSec: number, durationSec: number): string {
  const text = stderr.join('\n');
  for (const [pattern, sentence] of NOT_THE_MASTER) if (pattern.test(text)) return sentence;
  // With -xerror, anything else that stops ffmpeg is a decoder's complaint about the master's bytes: a corrupt or
  // truncated stream, in the picture or the sound. Its lines differ with every codec, so they are not matched.
  const where = reachedSec >= 1 ? ` past ${clock(reachedSec)} of its ${clock(durationSec)}` : '';
  return `The video is damaged: it could not be read cleanly${where}. Export it again from the editing software and upload it anew.`;
}

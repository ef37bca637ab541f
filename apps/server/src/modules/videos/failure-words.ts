import { MediaToolFailed, NotAVideo } from './engine/index.ts';

/**
 * The sentence a person reads for a failure: the engine's own (it speaks of the video), a full disk, or a general one;
 * never another error's message, which may name keys or paths of the server (the log has it whole).
 */
export function failureSentence(err: unknown): string {
  if (err instanceof NotAVideo || err instanceof MediaToolFailed) return err.message;
  if ((err as NodeJS.ErrnoException).code === 'ENOSPC') return 'The disk of the worker is full';
  return 'Processing failed for a reason the server log tells';
}

/** Why a job ended without its ladder, for its log line. */
export function why(err: unknown, binned: boolean, stopping: boolean): string {
  if (binned) return 'moved to the bin';
  return stopping ? 'the worker is stopping' : failureSentence(err);
}

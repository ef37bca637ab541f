import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// The same estimator and common-password list as the console's strength hint (lib/password-strength.ts).
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

export const MIN_PASSWORD_LENGTH = 10;
/** zxcvbn's 0–4 score; 3 is "safely unguessable" against an online attack and a slow hash offline. */
export const MIN_PASSWORD_SCORE = 3;
/** The estimator's time grows with the length; what decides the score is all in the first characters. */
const ESTIMATED_LENGTH = 100;

/**
 * Why a new password is refused, or null: fewer than 10 characters, or easy to guess (a commonly breached password,
 * a dictionary word with digits, a keyboard walk, the person's own email or name). docs/decisions/012.
 */
export function passwordProblem(password: string, personal: string[] = []): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `At least ${MIN_PASSWORD_LENGTH} characters`;
  const words = personal.flatMap((p) => p.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length >= 3);
  const { score } = zxcvbn.check(password.slice(0, ESTIMATED_LENGTH), words);
  if (score < MIN_PASSWORD_SCORE) {
    return 'Too easy to guess: a common password, or words and patterns that are. Add more words or characters';
  }
  return null;
}

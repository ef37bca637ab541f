import { useEffect, useState } from 'react';

/** What the form shows under a new password: a 0–4 score as words, a colour, and the estimator's warning. */
export interface StrengthHint {
  score: 0 | 1 | 2 | 3 | 4;
  label: string;
  color: string;
  /** Why it is weak, in words ("This is a commonly used password."); empty when nothing to say. */
  warning: string;
}

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
const COLORS = ['red', 'red', 'yellow', 'teal', 'green'] as const;

/** zxcvbn-ts's warning keys (without its English language pack, which would weigh more than all of this) in words. */
const WARNINGS: Record<string, string> = {
  straightRow: 'Straight rows of keys are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
  sequences: 'Common sequences like "abc" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is one of the most used passwords.',
  topHundred: 'This is a very often used password.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is similar to a commonly used password.',
  wordByItself: 'Single words are easy to guess.',
  namesByThemselves: 'Single names or surnames are easy to guess.',
  commonNames: 'Common names and surnames are easy to guess.',
  userInputs: 'It should not contain your name or email.',
  pwned: 'This password appeared in a data breach.',
};

/** The hint for a password of `length` characters that the estimator scored `score` with `warningKey`. */
export function strengthHint(score: number, warningKey: string | null | undefined, length: number): StrengthHint {
  const s = Math.max(0, Math.min(4, Math.round(score))) as StrengthHint['score'];
  const warning = (warningKey && WARNINGS[warningKey]) || '';
  if (length < 10) {
    return { score: s, label: LABELS[s], color: COLORS[s], warning: warning || 'Use at least 10 characters.' };
  }
  return { score: s, label: LABELS[s], color: COLORS[s], warning };
}

type Estimate = (password: string, userInputs: string[]) => StrengthHint;
let estimator: Promise<Estimate> | null = null;

/** The estimator with its common-password list: some 400 KB, so it is fetched when a password form opens, not before. */
export function loadEstimator(): Promise<Estimate> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) => {
      const zxcvbn = new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
      return (password, userInputs) => {
        const result = zxcvbn.check(password, userInputs);
        return strengthHint(result.score, result.feedback.warning, password.length);
      };
    },
  );
  return estimator;
}

/** The hint for `password` (null while empty or while the estimator loads). */
export function useStrengthHint(password: string, userInputs: string[] = []): StrengthHint | null {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  useEffect(() => {
    let live = true;
    void loadEstimator().then((e) => {
      if (live) setEstimate(() => e);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!password || !estimate) return null;
  return estimate(password, userInputs);
}

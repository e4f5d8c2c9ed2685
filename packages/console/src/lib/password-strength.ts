/** zxcvbn's verdict on a password: 0 (guessed at once) to 4 (very hard to guess), with its feedback as keys. */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: StrengthScore;
  /** A key of zxcvbn's warnings (`common`, `straightRow`, …), translated by the console. */
  warning: string | null;
  /** Keys of zxcvbn's suggestions (`useWords`, `capitalization`, …). */
  suggestions: string[];
}

type Rate = (password: string, userInputs: string[]) => PasswordStrength;

let estimator: Promise<Rate> | undefined;

/**
 * zxcvbn and its dictionaries are large: they load on first need, in chunks of their own, so the pages
 * that never ask for a new password (the sign-in page first of all) never download them.
 */
export function loadPasswordEstimator(): Promise<Rate> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')])
    .then(([{ ZxcvbnFactory }, common]) => {
      const zxcvbn = new ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
        // Catches near misses of a common password ("passw0rd1234"), not only exact ones.
        useLevenshteinDistance: true,
      });
      return (password: string, userInputs: string[]) => {
        const { score, feedback } = zxcvbn.check(password, userInputs);
        return { score, warning: feedback.warning || null, suggestions: feedback.suggestions };
      };
    })
    .catch((error: unknown) => {
      // A failed download (a new release, a lost connection) may succeed on the next keystroke.
      estimator = undefined;
      throw error;
    });
  return estimator;
}

// The meter and the form rule rate the same text on each keystroke: the second asks the first's answer.
let last: { key: string; strength: PasswordStrength } | undefined;

export async function ratePassword(password: string, userInputs: string[] = []): Promise<PasswordStrength> {
  const key = JSON.stringify([password, userInputs]);
  if (last?.key === key) return last.strength;
  const strength = (await loadPasswordEstimator())(password, userInputs);
  last = { key, strength };
  return strength;
}

/** What an attacker knows of the person: their address, its name part and their name are guessed first. */
export function personalInputs(...values: (string | undefined)[]): string[] {
  return values.flatMap((value) => {
    const text = value?.trim().toLowerCase();
    if (!text) return [];
    const local = text.split('@')[0];
    return local && local !== text ? [text, local] : [text];
  });
}

/** The server refuses a password equal to the account's email; so does the form, before asking. */
export const isEmailPassword = (password: string | undefined, email: string | undefined): boolean =>
  Boolean(password && email && password.trim().toLowerCase() === email.trim().toLowerCase());

import { useEffect, useState } from 'react';
import { type PasswordStrength, ratePassword } from '../../lib/password-strength';

/** zxcvbn's rating of what is typed; the last rating stays while the next one is worked out, so the bar does not blink. */
export function usePasswordStrength(password: string | undefined, userInputs: string[]): PasswordStrength | null {
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  // A new array each render must not start a new rating: its contents decide.
  const inputs = userInputs.join('\n');

  useEffect(() => {
    if (!password) return;
    let current = true;
    ratePassword(password, inputs ? inputs.split('\n') : []).then(
      (rated) => {
        if (current) setStrength(rated);
      },
      // Without the estimator there is no bar; the server still checks the password.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [password, inputs]);

  return password ? strength : null;
}

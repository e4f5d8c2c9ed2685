import { type FlagDetails, OFREP_REQUEST_ERRORS, type OfrepFailure, type OfrepSuccess } from '@tabula/protocol';

const isRequestError = (code: string): code is (typeof OFREP_REQUEST_ERRORS)[number] =>
  (OFREP_REQUEST_ERRORS as readonly string[]).includes(code);

/**
 * One flag's evaluation in OFREP's words. The SDK core already says TARGETING_KEY_MISSING when a percentage or an
 * experiment needed the unit; codes OFREP has no word for (a type mismatch) are GENERAL, with the code in the details.
 */
export function toOfrep(details: FlagDetails): OfrepSuccess | OfrepFailure {
  const { key, errorCode } = details;
  if (errorCode === 'FLAG_NOT_FOUND') return { key, errorCode, errorDetails: `No flag ${key} in this environment` };
  if (errorCode === 'TARGETING_KEY_MISSING')
    return {
      key,
      errorCode,
      errorDetails: `${key} serves by percentage or experiment, which needs context.targetingKey`,
    };
  if (errorCode || details.reason === 'ERROR') {
    const code = errorCode ?? 'GENERAL';
    return {
      key,
      errorCode: isRequestError(code) ? code : 'GENERAL',
      errorDetails: `${key} could not be evaluated (${code})`,
    };
  }
  const metadata =
    details.ruleId === undefined ? { ...details.metadata } : { ...details.metadata, ruleId: details.ruleId };
  // No variant: the flag defers to the caller's default, which OFREP says by leaving the value out.
  if (details.variant === null) return { key, reason: details.reason, metadata };
  return { key, value: details.value, reason: details.reason, variant: details.variant, metadata };
}

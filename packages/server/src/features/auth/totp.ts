import { generate, generateSecret, generateURI, verify } from 'otplib';

const ISSUER = 'Tabula';
/** A code typed as the period turns is still taken: one period either side, as authenticator apps drift. */
const TOLERANCE_SECONDS = 30;
const CODE = /^\d{6}$/;

/** A new secret (base32, 160 bits) and the otpauth:// address an authenticator app reads from its QR code. */
export function newTotp(email: string): { secret: string; otpauthUrl: string } {
  const secret = generateSecret();
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: email, secret }) };
}

/**
 * The time step of `code` when it is the secret's code now (give or take a period) and later than `afterStep`, the
 * step of the last code taken: each code signs in once. Null for any other.
 */
export async function acceptTotpCode(
  secret: string,
  code: string,
  afterStep: number | null,
  epochSeconds = Date.now() / 1000,
): Promise<number | null> {
  if (!CODE.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: epochSeconds,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  return result.valid ? (result as { timeStep: number }).timeStep : null;
}

/** The code an authenticator shows at `epochSeconds`; tests play the app with it. */
export const totpCodeAt = (secret: string, epochSeconds: number): Promise<string> =>
  generate({ secret, epoch: epochSeconds });

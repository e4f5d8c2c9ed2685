import { createHmac, timingSafeEqual } from 'node:crypto';

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`: the timestamp is signed too, so an old request cannot be replayed. */
export const signWebhook = (secret: string, timestamp: number, body: string): string =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** What a receiver does; kept here so the tests check the documented recipe. */
export function verifyWebhook(secret: string, timestamp: number, body: string, signature: string): boolean {
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

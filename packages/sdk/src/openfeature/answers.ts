/**
 * What the provider makes of the server's last answer to the client (the client's AnswerListener): `current` while the
 * payload served is up to date, `refused` when the server refuses the client key, `failing` while requests fail, and
 * `none` before the first answer.
 */
export type Answer = 'none' | 'current' | 'refused' | 'failing';

/** The statuses by which the SDK endpoints refuse a client key: revoked (401), forbidden (403), unknown (404). */
const REFUSALS = [401, 403, 404];

export function answerOf(status: number | undefined): Answer {
  if (status === undefined) return 'none';
  if (status === 200) return 'current';
  return REFUSALS.includes(status) ? 'refused' : 'failing';
}

/** Why the client has no fresh payload, for OpenFeature's event and error messages. */
export function because(status: number | undefined): string {
  const answer = answerOf(status);
  switch (answer) {
    case 'none':
      return 'the server has not answered yet';
    case 'current':
      return 'the payload received could not be read';
    case 'refused':
      return `the client key is unknown or revoked (HTTP ${status})`;
    case 'failing':
      return status ? `the server answers HTTP ${status}` : 'the server cannot be reached, or its answer read';
    default: {
      const unknown: never = answer;
      throw new Error(`unknown answer ${unknown as string}`);
    }
  }
}

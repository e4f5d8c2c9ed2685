import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { PASSWORD, uniqueEmail } from '../../test/client';
import { logSerializers, withoutQueryParameters } from './log-errors';

describe('errors in the log', () => {
  it('keep the statement and the cause of a failed query, not its parameters', () => {
    const cause = Object.assign(new Error('PGlite is closed'), { params: ['secret'], queryOptions: {} });
    const failed = Object.assign(new Error('Failed query: insert into "user" values ($1)\nparams: secret,hash'), {
      query: 'insert into "user" values ($1)',
      params: ['secret', 'hash'],
      cause,
    });
    const logged = JSON.stringify(logSerializers.err(failed));
    expect(logged).toContain('insert into \\"user\\" values ($1)');
    expect(logged).toContain('PGlite is closed');
    expect(logged).not.toContain('secret');
    expect(logged).not.toContain('hash');
    // The original is left as it was, for whoever else holds it.
    expect(failed.message).toContain('params: secret');
    const plain = new Error('nothing to hide');
    expect(withoutQueryParameters(plain)).toBe(plain);
  });

  it('of a sign-up the database could not store hold neither the password hash nor the email', async () => {
    const log = new PassThrough();
    let written = '';
    log.on('data', (chunk) => (written += chunk));
    const t = await createTestApp({ logger: true }, { logStream: log });
    try {
      // Every new account is refused by the database itself, as a statement that fails for a reason of its own.
      await t.database.db.execute(sql`alter table "user" add constraint refuse_all check (false) not valid`);
      const email = uniqueEmail('logged');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { email, password: PASSWORD, name: 'Logged', organizationName: 'Logged org' },
      });
      expect(response.statusCode).toBe(500);
      expect(written).toContain('Failed query');
      expect(written).not.toContain(email);
      expect(written).not.toContain('$argon2');
    } finally {
      await t.close();
    }
  });
});

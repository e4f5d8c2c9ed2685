import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { toErrorBody } from './error-handler';

describe('toErrorBody', () => {
  it('passes an AppError through with its status', () => {
    expect(toErrorBody(new AppError('conflict', 'Taken', { field: 'key' }))).toEqual({
      status: 409,
      body: { error: { code: 'conflict', message: 'Taken', details: { field: 'key' } } },
    });
  });

  it('turns a unique violation from either driver into 409, without the SQL', () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "user_email_unique"'), {
      code: '23505',
    });
    const wrapped = Object.assign(new Error('Failed query: insert into "user" ...'), { cause: driverError });
    for (const error of [driverError, wrapped]) {
      expect(toErrorBody(error)).toEqual({
        status: 409,
        body: { error: { code: 'conflict', message: 'This already exists' } },
      });
    }
  });

  it("turns a database that cannot be reached into 503, through drizzle's wrapping", () => {
    const unavailable = {
      status: 503,
      body: {
        error: { code: 'unavailable', message: 'The server cannot reach its database right now; try again shortly' },
      },
    };
    const causes = [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('PGlite is closed'),
    ];
    for (const cause of causes) {
      expect(toErrorBody(cause)).toEqual(unavailable);
      expect(toErrorBody(new Error('Failed query: select 1\nparams: ', { cause }))).toEqual(unavailable);
    }
    // A statement the database refused is not the database being away.
    const refused = Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' });
    expect(toErrorBody(refused).status).toBe(500);
  });

  it('hides anything unexpected behind internal', () => {
    expect(toErrorBody(new TypeError('x is undefined'))).toEqual({
      status: 500,
      body: { error: { code: 'internal', message: 'Something went wrong on our side; it has been logged' } },
    });
  });
});

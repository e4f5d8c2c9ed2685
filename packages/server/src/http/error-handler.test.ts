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

  it('hides anything unexpected behind internal', () => {
    expect(toErrorBody(new TypeError('x is undefined'))).toEqual({
      status: 500,
      body: { error: { code: 'internal', message: 'Something went wrong on our side; it has been logged' } },
    });
  });
});

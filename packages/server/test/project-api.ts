import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './app';
import { call, createProject, type Session, signUp } from './client';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A new organization and project, and requests to the project's API as its owner (or another session). */
export async function projectApi(t: TestApp) {
  const owner = await signUp(t.app);
  const project = await createProject(t.app, owner);
  const base = `/api/v1/projects/${project.id}`;
  const as = (session: Session, options: InjectOptions) => call(t.app, session, options);
  const send = (method: Method, path: string, payload?: Record<string, unknown>) =>
    as(owner, { method, url: `${base}${path}`, ...(payload && { payload }) });
  /** Sends, expects `status`, and gives the parsed body. */
  const expectStatus = async (status: number, ...request: Parameters<typeof send>) => {
    const response = await send(...request);
    expect(response.statusCode, response.body).toBe(status);
    return status === 204 ? null : response.json();
  };
  return { owner, project, base, as, send, expectStatus };
}

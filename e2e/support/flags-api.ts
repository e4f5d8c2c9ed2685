import type { CreateFlagBody, FlagRuleInput } from '@tabula/protocol';
import type { Owner } from './owner';

/** A flag as a test creates it: its key, name and type, and its variants where its type needs them. */
export type NewFlag = Pick<CreateFlagBody, 'key' | 'name' | 'type'> &
  Partial<Pick<CreateFlagBody, 'variants' | 'defaultVariant' | 'offVariant'>>;

export interface FlagsApi {
  create(flag: NewFlag): Promise<void>;
  /** Switches the flag on or off and sets its rules in one environment, as the console's save does. */
  setEnvironment(key: string, environment: string, body: { enabled?: boolean; rules?: FlagRuleInput[] }): Promise<void>;
}

/** The owner's flag calls on Tabula's REST API, the ones the console makes, with the owner's session. */
export function flagsApi(url: string, owner: Owner): FlagsApi {
  const call = async (method: string, path: string, body: unknown, expected: number) => {
    const response = await fetch(`${url}/api/v1/projects/${owner.projectId}${path}`, {
      method,
      headers: owner.headers,
      body: JSON.stringify(body),
    });
    if (response.status !== expected)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  };
  return {
    create: (flag) => call('POST', '/flags', flag, 201),
    setEnvironment: (key, environment, body) => call('PUT', `/flags/${key}/environments/${environment}`, body, 200),
  };
}

import type { EvaluateRequest, EvaluateResponse } from '@tabula/protocol';
import type { Attributes, CompiledPayload } from '../core';
// From its module, not the core's index: this part carries only what it uses.
import { unitOf } from '../core/bucket';
import type { ClientHost, ExperimentResult } from './options';
import { scalars } from './scalars';

/**
 * Online retrieval: the server assigns the unit's version (`POST /sdk/v1/evaluate`), logging the exposure with
 * autoExposure. Rejects when the server cannot answer; the client then falls back to local evaluation. A part of its
 * own: the snippet bundle loads it on the first call.
 */
export async function fetchExperiment(
  client: Pick<ClientHost, 'settings' | 'forced' | 'url' | 'fetch' | 'expose' | 'local'>,
  key: string,
  attributes: Attributes,
  compiled: CompiledPayload | undefined,
): Promise<ExperimentResult | null> {
  // A QA-forced version is the page's own decision; the server could not know it.
  if (client.forced[key]) return client.local(key, attributes);
  const autoExposure = !!client.settings.autoExposure;
  const request: EvaluateRequest = {
    unitId: String(attributes.id),
    attributes: scalars(attributes),
    experiments: [key],
    logExposure: autoExposure,
  };
  const response = await client.fetch(client.url('evaluate'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new Error(`evaluate: ${response.status}`);
  const assignment = ((await response.json()) as EvaluateResponse).experiments[key];
  if (!assignment) return null;
  // Remembered as logged, so that a later getExperiment does not log the same exposure again.
  const unit = autoExposure && unitOf(attributes, compiled?.experiments.get(key)?.unitAttribute || 'id');
  if (unit) client.expose(key, assignment.version, unit, undefined, true);
  return { version: assignment.version, params: assignment.params };
}

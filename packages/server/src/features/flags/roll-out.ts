import { isDeepStrictEqual } from 'node:util';
import type { JsonValue, Variant } from '@tabula/protocol';
import { conflict } from '../../http/app-error';
import { valueFitsType } from './rules';
import type { Flag } from './types';

/** The version an experiment was decided for, whose params the flags serving it now serve to everyone. */
export interface DecidedVersion {
  experiment: string;
  version: string;
  params: Record<string, JsonValue>;
}

/** Variant keys made here follow the key rules (a–z, 0–9, "-", "_", at most 64 characters). */
const MAX_KEY = 64;

function newVariantKey(base: string, taken: ReadonlySet<string>): string {
  let key = base.slice(0, MAX_KEY);
  for (let suffix = 2; taken.has(key); suffix++) key = `${base.slice(0, MAX_KEY - `-${suffix}`.length)}-${suffix}`;
  return key;
}

/**
 * The variant of the flag that serves what the decided version gave it through `param`: the existing variant with
 * an equal value, else a new one, `<experiment>-<version>`, added to `variants`. Refused when the version gives the
 * flag nothing, or a value the flag's type cannot hold.
 */
export function variantForDecision(
  flag: Pick<Flag, 'key' | 'type'>,
  variants: readonly Variant[],
  decided: DecidedVersion,
  param: string,
): { variants: Variant[]; variant: string } {
  const { experiment, version } = decided;
  const value = Object.hasOwn(decided.params, param) ? decided.params[param] : undefined;
  if (value === undefined) {
    throw conflict(
      `Flag "${flag.key}" serves param "${param}" of experiment "${experiment}", which version "${version}" does not set: change the flag's rule or stop without rolling out`,
    );
  }
  if (!valueFitsType(flag.type, value)) {
    throw conflict(
      `Flag "${flag.key}" is a ${flag.type} flag; version "${version}" sets its param "${param}" to ${JSON.stringify(value)}`,
    );
  }
  const same = variants.find((variant) => isDeepStrictEqual(variant.value, value));
  if (same) return { variants: [...variants], variant: same.key };
  const key = newVariantKey(`${experiment}-${version}`, new Set(variants.map((variant) => variant.key)));
  return { variants: [...variants, { key, value }], variant: key };
}

import {
  DEFAULT_EDITION,
  EDITION_FAMILY,
  type Edition,
  type EditionsByHost,
  editionsByHostSchema,
  hostEdition,
  PAGE_META,
  type ProductFamily,
} from '@tabula/protocol';
import type { ReadMeta } from './env-config';

/** Spec §1: the host name decides; failing that the stored theme; failing that the internal tab edition. */
export function editionFor(hostname: string, editions: EditionsByHost, storedTheme: Edition | null): Edition {
  return hostEdition(hostname, editions) ?? storedTheme ?? DEFAULT_EDITION;
}

export const familyOf = (edition: Edition): ProductFamily => EDITION_FAMILY[edition];

/** The host → edition map the server injects; without a readable one no host names an edition. */
export function readEditions(meta: ReadMeta): EditionsByHost {
  try {
    const parsed = editionsByHostSchema.safeParse(JSON.parse(meta(PAGE_META.editions) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

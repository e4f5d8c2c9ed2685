// The snippet bundle's loader of parts (scripts/build.mjs puts it in place of parts.ts). A part is an ES module in a
// file beside the snippet's script, `tabula-<part>.<build>.js`, where <build> is a hash of the parts' content: a page
// never mixes a bundle and parts of two builds, and the server can cache parts for good. import() works from a classic
// script, uses no eval, and is allowed by any Content-Security-Policy that allows the snippet's own origin.
import type { Part, PartName } from './parts';
import { SCRIPT_URL } from './script-url';

/** Set by the build. */
declare const PARTS_BUILD: string;

/** Rejects, never throws; also when the script's address is unknown (an inline or module copy of the bundle). */
export const loadPart = async <Name extends PartName>(name: Name): Promise<Part<Name>> =>
  import(new URL(`tabula-${name}.${PARTS_BUILD}.js`, SCRIPT_URL).href);

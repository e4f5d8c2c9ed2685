import * as operators from '../core/optional-operators';
import * as background from './background';
import * as changes from './changes';
import * as decrypt from './decrypt';
import * as online from './online';
import * as stream from './stream';

/**
 * Code the snippet bundle leaves out until a page needs it: what the client does in the background (the event queue
 * and the payload's updates, loaded at once but waited for by nothing; lazy-background.ts holds events and the first
 * answer until then), streaming (clients with `streaming` on), online retrieval (`fetchExperiment`), the pattern,
 * version, date and hashed operators (payloads whose conditions may use them) with the holdout check and flag
 * prerequisites (payloads that carry them), decryption (encrypted payloads) and the
 * visual changes beyond the common ones (pages whose versions remove or insert elements, or bring a style sheet, a
 * script or a redirect). In this build (ESM, for Node and bundlers) every part is imported with the rest; the snippet
 * bundle is built with parts-from-url.ts instead, which loads each part from a file of its own beside the script.
 */
const PARTS = { background, stream, online, operators, decrypt, changes };

export type PartName = keyof typeof PARTS;
export type Part<Name extends PartName> = (typeof PARTS)[Name];

export const loadPart = <Name extends PartName>(name: Name): Promise<Part<Name>> => Promise.resolve(PARTS[name]);

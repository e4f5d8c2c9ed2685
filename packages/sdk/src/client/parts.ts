import * as operators from '../core/optional-operators';
import * as changes from './changes';
import * as decrypt from './decrypt';
import * as events from './events';
import * as online from './online';
import * as stream from './stream';

/**
 * Code the snippet bundle leaves out until a page needs it: streaming (clients with `streaming` on), online retrieval
 * (`fetchExperiment`), the pattern, version, date and hashed operators (payloads whose conditions may use them), the
 * event queue (once there is an event or a flush; lazy-events.ts holds events until then), decryption (encrypted
 * payloads) and the visual changes beyond the common ones (pages whose versions remove or insert elements, or bring a
 * style sheet or a script). In this build (ESM, for Node and bundlers) every part is imported with the rest; the snippet bundle is
 * built with parts-from-url.ts instead, which loads each part from a file of its own beside the script.
 */
const PARTS = { stream, online, operators, events, decrypt, changes };

export type PartName = keyof typeof PARTS;
export type Part<Name extends PartName> = (typeof PARTS)[Name];

export const loadPart = <Name extends PartName>(name: Name): Promise<Part<Name>> => Promise.resolve(PARTS[name]);

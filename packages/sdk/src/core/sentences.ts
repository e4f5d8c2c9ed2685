import { Problem } from './problem';

/**
 * What each problem means; `{0}`, `{1}`… stand for its details. The snippet bundle is built without this table (see
 * explain-by-number.ts), to stay small.
 */
export const SENTENCES: Record<Problem, string> = {
  // the payload and its pieces
  [Problem.PayloadUnreadable]: 'Unreadable SDK payload: {0}',
  [Problem.PayloadFormat]: 'not a format 1 payload',
  [Problem.NotAList]: '{0} are not a list',
  [Problem.UnknownSegment]: 'Unknown segment "{0}": it matches nobody',
  [Problem.FlagMalformed]: 'Flag {0} is malformed',
  [Problem.MissingVariant]: 'Flag {0} lacks the variant "{1}" it serves',
  [Problem.RuleMalformed]: 'Flag {0} rule {1} is malformed',
  [Problem.UnknownServe]: 'Flag {0} rule {1} serves unknown kind "{2}"',
  [Problem.NoVersions]: 'Experiment {0} has no versions',
  [Problem.ExperimentMalformed]: 'Experiment {0} is malformed',
  [Problem.BadWeight]: '{0}: weight {1} is no whole number of basis points',
  [Problem.ShortWeights]: '{0}: weights sum to {1}, not {2}',
  // conditions, which are false when broken
  [Problem.IncompleteCondition]: 'A condition lacks attribute, operator or values: the condition is false',
  [Problem.UnknownOperator]: 'Unknown condition operator "{0}": the condition is false',
  [Problem.BadOperand]: '"{0}" is no {1}: the condition is false',
  [Problem.LongPattern]: 'Pattern longer than {0} characters refused: the condition is false',
  [Problem.BadPattern]: 'Bad pattern /{0}/: {1}: the condition is false',
  // the client
  [Problem.WrongProject]: 'client key {0} serves project {1}, not {2}',
  [Problem.EventsKept]: 'events kept for a retry: {0}',
  [Problem.EventsDropped]: 'events dropped, refused: {0}',
  [Problem.EventsRejected]: 'events rejected: {0}',
  [Problem.QueueFull]: 'event queue full: dropped the {0} oldest',
  // visual experiments' changes to the page
  [Problem.ChangeNotApplied]: 'Cannot apply {0}: {1}',
  [Problem.ElementLeftAlone]: '{0}: left alone, the page keeps changing it back',
  [Problem.StoppedWatching]: 'Stopped watching the page: it keeps replacing changed elements',
  [Problem.ChangeNotUndone]: 'Cannot undo a change: {0}',
  // encrypted payloads
  [Problem.NoDecryptionKey]: 'The payload is encrypted: give the client the decryptionKey shown with its client key',
  [Problem.NoWebCrypto]: 'Decrypting the payload needs WebCrypto, which browsers offer only to https pages',
  [Problem.NotDecrypted]:
    'Cannot decrypt the payload (revision {0}): check the decryptionKey, it may have been rotated',
  // prerequisites
  [Problem.PrerequisitesTooDeep]: 'Flag {0}: prerequisites nest deeper than {1} flags: it serves its off variant',
  // visual experiments' custom scripts and style sheets
  [Problem.ScriptNotLoaded]:
    'The custom script {0} did not load: the page’s Content-Security-Policy must allow script-src from the Tabula server',
  [Problem.StyleSheetRefused]:
    'A version’s style sheet was refused: this browser adds it as a <style> element, which the page’s style-src must allow (give the snippet its nonce)',
};

/**
 * Every problem the SDK reports through onError about itself. The numbers are stable: in the snippet bundle a message
 * is `E<number>` and the details (explain-by-number.ts; sentences.ts says what each one means, and the README lists them).
 */
export enum Problem {
  // the payload and its pieces
  PayloadUnreadable = 1,
  PayloadFormat = 2,
  NotAList = 3,
  UnknownSegment = 4,
  FlagMalformed = 5,
  MissingVariant = 6,
  RuleMalformed = 7,
  UnknownServe = 8,
  NoVersions = 9,
  ExperimentMalformed = 10,
  BadWeight = 11,
  ShortWeights = 12,
  // conditions, which are false when broken
  IncompleteCondition = 13,
  UnknownOperator = 14,
  BadOperand = 15,
  LongPattern = 16,
  BadPattern = 17,
  // the client
  WrongProject = 18,
  EventsKept = 19,
  EventsDropped = 20,
  EventsRejected = 21,
  QueueFull = 22,
  // visual experiments' changes to the page
  ChangeNotApplied = 23,
  ElementLeftAlone = 24,
  StoppedWatching = 25,
  ChangeNotUndone = 26,
  // encrypted payloads
  NoDecryptionKey = 27,
  NoWebCrypto = 28,
  NotDecrypted = 29,
  // prerequisites
  PrerequisitesTooDeep = 30,
  // visual experiments' custom scripts and style sheets
  ScriptNotLoaded = 31,
  StyleSheetRefused = 32,
}

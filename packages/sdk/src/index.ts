export type { EnvelopeOptions, EnvelopeStore, Migration, StorageLike, StoredRecord } from './client/storage';
export { createEnvelopeStore, createMemoryStorage, defaultStorage } from './client/storage';

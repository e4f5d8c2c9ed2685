// @vitest-environment happy-dom
// The snippet bundle and its parts are built without the fast paths (src/core/fast-paths.ts), which change no answer:
// the hashing, condition and client tests run here again without them, and must hold all the same.
import { vi } from 'vitest';

vi.mock('../src/core/fast-paths', () => ({ FAST_PATHS: false }));

await import('./core/hash.test');
await import('./core/conditions.test');
await import('./client/client.test');

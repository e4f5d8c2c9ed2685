/**
 * Whether the code that only makes evaluation faster is in the build: hashing four bytes at a time, short `in` lists
 * scanned rather than hashed, a set to look logged exposures up. None of it changes an answer. A server evaluates
 * millions of times a second and wants it; a page evaluates a few dozen times, but downloads every byte: the snippet
 * bundle and its parts are built with this false (scripts/build.mjs), and esbuild leaves that code out of them.
 */
export const FAST_PATHS: boolean = true;

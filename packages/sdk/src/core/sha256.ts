/** The SHA-256 round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K: number[] = [];
/** The initial state: the same of the square roots of the first 8 primes. */
const H0: number[] = [];

const fraction = (root: number): number => ((root - Math.floor(root)) * 2 ** 32) >>> 0;
for (let candidate = 2; K.length < 64; candidate += 1) {
  let prime = true;
  for (let divisor = 2; divisor * divisor <= candidate; divisor += 1) if (candidate % divisor === 0) prime = false;
  if (!prime) continue;
  if (H0.length < 8) H0.push(fraction(Math.sqrt(candidate)));
  K.push(fraction(Math.cbrt(candidate)));
}

const rotate = (value: number, bits: number): number => (value >>> bits) | (value << (32 - bits));

/**
 * SHA-256 of a text's UTF-8 bytes, as lower-case hex. Synchronous, because conditions are evaluated synchronously
 * (WebCrypto only digests asynchronously); it hashes attribute values of a few dozen characters, so size and having
 * no dependency matter more than speed.
 */
export function sha256(text: string): string {
  const bytes = new TextEncoder().encode(text);
  // The message, a 1 bit, zeros, and its length in bits (64-bit big-endian), to a multiple of 64 bytes.
  const length = (((bytes.length + 8) >> 6) + 1) << 6;
  const message = new Uint8Array(length);
  message.set(bytes);
  message[bytes.length] = 0x80;
  const view = new DataView(message.buffer);
  view.setUint32(length - 8, Math.floor(bytes.length / 2 ** 29));
  view.setUint32(length - 4, bytes.length << 3);
  const state = H0.slice();
  const w = new Int32Array(64);
  for (let block = 0; block < length; block += 64) {
    for (let i = 0; i < 64; i += 1) {
      if (i < 16) {
        w[i] = view.getUint32(block + 4 * i);
        continue;
      }
      const x = w[i - 15] as number;
      const y = w[i - 2] as number;
      const s0 = rotate(x, 7) ^ rotate(x, 18) ^ (x >>> 3);
      const s1 = rotate(y, 17) ^ rotate(y, 19) ^ (y >>> 10);
      w[i] = (w[i - 16] as number) + s0 + (w[i - 7] as number) + s1;
    }
    let [a, b, c, d, e, f, g, h] = state as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i += 1) {
      const t1 =
        (h +
          (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) +
          ((e & f) ^ (~e & g)) +
          (K[i] as number) +
          (w[i] as number)) |
        0;
      const t2 = ((rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    [a, b, c, d, e, f, g, h].forEach((value, i) => {
      state[i] = ((state[i] as number) + value) >>> 0;
    });
  }
  return state.map((word) => word.toString(16).padStart(8, '0')).join('');
}

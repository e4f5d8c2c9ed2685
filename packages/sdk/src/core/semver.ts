export interface Semver {
  major: number;
  minor: number;
  patch: number;
  /** Dot-separated identifiers; numeric ones as numbers. Empty for a release. */
  prerelease: (number | string)[];
}

const VERSION = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]*)?$/;
const NUMERIC_IDENTIFIER = /^\d+$/;

export function parseSemver(text: string): Semver | undefined {
  const parts = VERSION.exec(text.trim());
  if (parts === null) return undefined;
  const prerelease = parts[4] === undefined ? [] : parts[4].split('.');
  return {
    major: Number(parts[1]),
    minor: Number(parts[2] ?? 0),
    patch: Number(parts[3] ?? 0),
    prerelease: prerelease.map((id) => (NUMERIC_IDENTIFIER.test(id) ? Number(id) : id)),
  };
}

function compareIdentifiers(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // SemVer §11.4.3: numeric identifiers always have lower precedence than alphanumeric ones.
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** SemVer 2.0.0 §11 precedence: negative, 0 or positive. */
export function compareSemver(a: Semver, b: Semver): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (core !== 0) return core;
  const x = a.prerelease;
  const y = b.prerelease;
  // A release outranks any of its prereleases.
  if (x.length === 0 || y.length === 0) return y.length - x.length;
  const shared = Math.min(x.length, y.length);
  for (let i = 0; i < shared; i++) {
    const order = compareIdentifiers(x[i] as number | string, y[i] as number | string);
    if (order !== 0) return order;
  }
  return x.length - y.length;
}

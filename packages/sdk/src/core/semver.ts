export interface Semver {
  major: number;
  minor: number;
  patch: number;
  /** Dot-separated identifiers; numeric ones as numbers. Empty for a release. */
  prerelease: (number | string)[];
}

/** An optional `v` or `V` prefix, as tags and user agents write versions. */
const VERSION = /^[vV]?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]*)?$/;

export function parseSemver(text: string): Semver | undefined {
  const parts = VERSION.exec(text.trim());
  if (parts === null) return undefined;
  return {
    major: Number(parts[1]),
    minor: Number(parts[2] || 0),
    patch: Number(parts[3] || 0),
    prerelease: parts[4] ? parts[4].split('.').map((id) => (/^\d+$/.test(id) ? Number(id) : id)) : [],
  };
}

/** SemVer 2.0.0 §11 precedence: negative, 0 or positive. */
export function compareSemver(a: Semver, b: Semver): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  const x = a.prerelease;
  const y = b.prerelease;
  // A release outranks any of its prereleases.
  if (core || !x.length || !y.length) return core || y.length - x.length;
  for (let i = 0; i < x.length && i < y.length; i++) {
    const s = x[i] as number | string;
    const t = y[i] as number | string;
    // SemVer §11.4.3: numeric identifiers always have lower precedence than alphanumeric ones.
    if (typeof s !== typeof t) return typeof s === 'number' ? -1 : 1;
    if (s !== t) return s < t ? -1 : 1;
  }
  return x.length - y.length;
}

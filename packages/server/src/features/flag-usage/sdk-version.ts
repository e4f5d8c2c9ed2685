interface Version {
  major: number;
  minor: number;
}

const parse = (version: string): Version | null => {
  const match = /^v?(\d+)\.(\d+)/.exec(version);
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : null;
};

const older = (a: Version, b: Version): boolean => a.major < b.major || (a.major === b.major && a.minor < b.minor);

/**
 * Whether an SDK version is behind the ones this server ships: each product family has its own line (3.x, 1.x), so a
 * version is compared with the shipped one of its major line, or with the newest when its line is not shipped. Only
 * major and minor count: a patch behind is not worth a warning. Null when either side cannot be read.
 */
export function isOutdated(version: string, shipped: readonly string[]): boolean | null {
  const reported = parse(version);
  const lines = shipped.map(parse).filter((line): line is Version => line !== null);
  if (!reported || lines.length === 0) return null;
  const sameLine = lines.find((line) => line.major === reported.major);
  const newest = lines.reduce((best, line) => (older(best, line) ? line : best));
  return older(reported, sameLine ?? newest);
}

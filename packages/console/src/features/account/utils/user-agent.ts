/** A browser as a person recognises it: its name and major version, and the system it runs on. */
export interface BrowserDescription {
  browser: string | null;
  system: string | null;
  mobile: boolean;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: [string, RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS|Chromium)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: [string, RegExp][] = [
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

/** Roughly, from the User-Agent header: enough to tell one's laptop from one's phone, not a fingerprint. */
export function describeUserAgent(userAgent: string | null): BrowserDescription {
  if (!userAgent) return { browser: null, system: null, mobile: false };
  const browser = BROWSERS.flatMap(([name, pattern]) => {
    const version = pattern.exec(userAgent)?.[1];
    return version ? [`${name} ${version}`] : [];
  })[0];
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;
  // Tools that are not browsers (curl, scripts) name themselves first: "curl/8.5.0".
  const tool = /^([A-Za-z][\w.-]*)\/(\d+)/.exec(userAgent);
  const fallback = tool && tool[1] !== 'Mozilla' ? `${tool[1]} ${tool[2]}` : null;
  return { browser: browser ?? fallback, system, mobile: /\bMobile\b|\bAndroid\b|\biPhone\b/.test(userAgent) };
}

import type { BROWSERS, DEVICE_TYPES, OPERATING_SYSTEMS } from '@tabula/protocol';

export interface UserAgentDimensions {
  browser: (typeof BROWSERS)[number];
  device: (typeof DEVICE_TYPES)[number];
  os: (typeof OPERATING_SYSTEMS)[number];
}

/**
 * Browsers name the engines they resemble too (Edge says Chrome and Safari, Chrome says Safari): the most specific
 * token is tested first. In-app and rebranded Chromium browsers count as Chrome, as their users' pages render alike.
 */
const BROWSER_TOKENS: [RegExp, UserAgentDimensions['browser']][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bOPR\/|\bOpera\b|\bYaBrowser\//, 'Other'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad|iPod)\b.*\bAppleWebKit\//, 'Safari'],
];

/** Android and iOS before Linux and macOS: Android says Linux, iPadOS may say Macintosh. */
function osOf(ua: string): UserAgentDimensions['os'] {
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\b(?:iPhone|iPad|iPod)\b/.test(ua)) return 'iOS';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bLinux\b|\bCrOS\b|\bX11\b/.test(ua)) return 'Linux';
  return 'Other';
}

/** Android tablets leave "Mobile" out of their user agent; phones keep it. */
function deviceOf(ua: string, os: UserAgentDimensions['os']): UserAgentDimensions['device'] {
  if (/\biPad\b|\bTablet\b|\bKindle\b|\bSilk\//.test(ua)) return 'tablet';
  if (os === 'Android') return /\bMobile\b/.test(ua) ? 'mobile' : 'tablet';
  if (/\bMobile\b|\biPhone\b|\biPod\b|\bWindows Phone\b/.test(ua)) return 'mobile';
  return 'desktop';
}

/** A User-Agent header's browser, device type and operating system, in the few categories breakdowns show. */
export function parseUserAgent(ua: string): UserAgentDimensions {
  const os = osOf(ua);
  const browser = BROWSER_TOKENS.find(([token]) => token.test(ua))?.[1] ?? 'Other';
  return { browser, device: deviceOf(ua, os), os };
}

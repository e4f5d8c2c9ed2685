import { chromiumAvailable, chromiumPath } from './chromium';

/** Runs once for the browser tests: a missing browser is one clear line, or a failure when CI requires the tests. */
export default function checkBrowser(): void {
  if (chromiumAvailable) return;
  const message = `no Chromium at ${chromiumPath} (install the chromium package or set CHROMIUM_PATH)`;
  if (process.env.REQUIRE_E2E === '1')
    throw new Error(`Browser tests are required (REQUIRE_E2E=1) but there is ${message}`);
  console.warn(`Browser tests skipped: ${message}.`);
}

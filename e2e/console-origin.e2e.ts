import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { type RunningServer, startServer } from './support/server';

// The server's public URL names 127.0.0.1; people also open it as localhost (or by a LAN address). Whatever address
// reached it, the console must call that same origin, not one its browser's CORS check refuses.
describe.skipIf(!chromiumAvailable)('the console opened by another address than the public URL', () => {
  let tabula: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    tabula = await startServer();
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });

  afterAll(async () => {
    await browser?.close();
    await tabula?.stop();
  });

  it('signs up at localhost while the public URL says 127.0.0.1', async () => {
    const address = tabula.url.replace('127.0.0.1', 'localhost');
    const page = await (await browser.newContext()).newPage();
    const failures: string[] = [];
    page.on('requestfailed', (request) => failures.push(`${request.url()} ${request.failure()?.errorText}`));
    await page.goto(address);
    await page.getByTestId('signup-organization').fill('Acme');
    await page.getByTestId('signup-name').fill('Ada');
    await page.getByTestId('signup-email').fill('ada@example.com');
    await page.getByTestId('signup-password').fill('analytical-engine');
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('create-project-button-empty').waitFor();
    expect(new URL(page.url()).hostname).toBe('localhost');
    expect(failures).toEqual([]);
  });
});

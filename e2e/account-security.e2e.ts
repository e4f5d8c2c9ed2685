import { mkdirSync } from 'node:fs';
import { generate } from 'otplib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { type RunningServer, startServer } from './support/server';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
const PASSWORD = 'difference-engine-no-2';

/** The code an authenticator app shows `offsetSeconds` from now: each code signs in once, so later steps use later ones. */
const codeFor = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Date.now() / 1000 + offsetSeconds });

// A member secures their account as a new user would: two-factor sign-in set up from the Account page, signing in
// with a code, their sessions seen and ended; an admin requires two-factor sign-in and a colleague is sent to set it up.
describe.skipIf(!chromiumAvailable)('account security in the console', () => {
  let server: RunningServer;
  let browser: Browser;
  /** The owner's recovery codes, from the first test. */
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startServer();
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true, animations: 'disabled' });

  async function newPage(
    width = 1440,
    height = 900,
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, errors };
  }

  const openAccount = async (page: Page) => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('open-account').click();
    await page.getByTestId('two-factor-card').waitFor();
  };

  /** Signs in with the password, then, for an account with a second factor, an app's code or a recovery code. */
  async function signIn(page: Page, email: string, second: { code: string } | { recoveryCode: string } | null) {
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    if (second) {
      await page.getByTestId('login-mfa-step').waitFor();
      if ('recoveryCode' in second) await page.getByTestId('login-mfa-switch').click();
      await page.getByTestId('login-mfa-code').fill('code' in second ? second.code : second.recoveryCode);
      await page.getByTestId('login-mfa-submit').click();
    }
    // The signed-in shell: its header holds the user menu at every width (on a phone the navigation is a drawer).
    await page.getByTestId('user-menu').waitFor();
  }

  it('sets up two-factor sign-in, signs in with a code, and signs out everywhere', async () => {
    const { context, page, errors } = await newPage();
    await page.goto(server.url);
    await page.waitForURL('**/signup');
    await page.getByTestId('signup-organization').fill('Acme');
    await page.getByTestId('signup-name').fill('Ada Lovelace');
    await page.getByTestId('signup-email').fill('ada@example.com');
    await page.getByTestId('signup-password').fill('password1');
    await page.getByTestId('password-strength').waitFor();
    await shot(page, 'account-01-weak-password');
    await page.getByTestId('signup-password').fill(PASSWORD);
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('sider').waitFor();

    await openAccount(page);
    await expect.poll(() => page.getByTestId('sessions-list').textContent()).toContain('127.0.0.1');
    await page.getByTestId('this-browser').waitFor();
    await shot(page, 'account-02-account-page');

    await page.getByTestId('mfa-set-up').click();
    await page.getByTestId('mfa-qr').waitFor();
    const secret = (await page.getByTestId('mfa-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await shot(page, 'account-03-scan');
    await page.getByTestId('mfa-setup-code').fill(await codeFor(secret));
    await page.getByTestId('mfa-setup-submit').click();
    const codes = (await page.getByTestId('recovery-codes').textContent()) ?? '';
    recoveryCodes = codes.match(/[a-z2-9]{5}-[a-z2-9]{5}/g) ?? [];
    expect(recoveryCodes).toHaveLength(10);
    await shot(page, 'account-04-recovery-codes');
    await page.getByTestId('recovery-codes-done').click();
    await expect.poll(() => page.getByTestId('mfa-status').textContent()).toMatch(/on/i);

    // Signing in again asks for the code after the password.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/\/login/);
    // The code the set-up took is spent: the next period's signs in.
    await signIn(page, 'ada@example.com', { code: await codeFor(secret, 30) });
    await shot(page, 'account-05-signed-in-with-code');

    // A second browser, then sign out everywhere: both are signed out.
    const other = await newPage(390, 844);
    await signIn(other.page, 'ada@example.com', { recoveryCode: recoveryCodes[0]! });
    await openAccount(other.page);
    await expect
      .poll(async () => (await other.page.getByTestId('sessions-list').textContent())?.length)
      .toBeGreaterThan(0);
    await shot(other.page, 'account-06-phone');
    await other.page.getByTestId('sign-out-everywhere').click();
    await other.page.getByTestId('sign-out-everywhere-confirm').click();
    await other.page.waitForURL(/\/login/);
    // The first browser's session is gone too: its next page asks to sign in.
    await page.reload();
    await page.waitForURL(/\/login/);
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('sends a member without a second factor to set one up once an admin requires it', async () => {
    const { context, page, errors } = await newPage();
    await signIn(page, 'ada@example.com', { recoveryCode: recoveryCodes[1]! });
    await page.getByTestId('nav-members').click();
    await page.getByTestId('tab-invitations').click();
    await page.getByTestId('invite-member').click();
    await page.getByTestId('invite-email').fill('grace@example.com');
    await page.getByTestId('invite-submit').click();
    const link = (await page.getByTestId('invitation-link').textContent())?.trim() ?? '';
    await page.getByTestId('invitation-done').click();

    const colleague = await newPage();
    await colleague.page.goto(link);
    await colleague.page.getByTestId('invite-accept-name').fill('Grace Hopper');
    await colleague.page.getByTestId('invite-accept-password').fill('compiler-compiler-a0');
    await colleague.page.getByTestId('invite-accept-submit').click();
    await colleague.page.getByTestId('sider').waitFor();

    await page.getByTestId('tab-security').click();
    await page.getByTestId('require-mfa-switch').click();
    await page.getByTestId('require-mfa-confirm').click();
    await expect.poll(() => page.getByTestId('require-mfa-switch').getAttribute('aria-checked')).toBe('true');
    await shot(page, 'account-07-require-two-factor');

    // The colleague's next page sends them to set up a second factor, and back once it is.
    await colleague.page.goto(`${server.url}/projects`);
    await colleague.page.getByTestId('mfa-required').waitFor();
    await shot(colleague.page, 'account-08-required');
    await colleague.page.getByTestId('mfa-set-up').click();
    const theirs = (await colleague.page.getByTestId('mfa-secret').textContent())?.trim() ?? '';
    await colleague.page.getByTestId('mfa-setup-code').fill(await codeFor(theirs));
    await colleague.page.getByTestId('mfa-setup-submit').click();
    await colleague.page.getByTestId('recovery-codes-done').click();
    await colleague.page.getByTestId('mfa-required-continue').click();
    await colleague.page.waitForURL('**/projects');
    expect(errors).toEqual([]);
    expect(colleague.errors).toEqual([]);
    await colleague.context.close();
    await context.close();
  });
});

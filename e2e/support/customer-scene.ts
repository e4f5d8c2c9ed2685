import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium';
import { type CustomerSite, startCustomerSite } from './customer-site';
import { type Owner, ownerPage, signUpOwnerWithProject } from './owner';
import { type RunningServer, startServer } from './server';

/** Tabula with an owner and their project, a customer's site carrying a snippet, and a browser on the console. */
export interface CustomerScene {
  tabula: RunningServer;
  owner: Owner;
  site: CustomerSite;
  browser: Browser;
  /** The owner's console. */
  admin: Page;
  stop(): Promise<void>;
}

/**
 * `snippet` is asked at each page load, so a test may set it once it has made the key the snippet names.
 * `serverEnv` configures the server, e.g. an edition for the console's host.
 */
export async function startCustomerScene(
  snippet: () => string,
  serverEnv: Parameters<typeof startServer>[0] = {},
): Promise<CustomerScene> {
  const tabula = await startServer(serverEnv);
  const owner = await signUpOwnerWithProject(tabula.url);
  const site = await startCustomerSite(snippet);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const admin = await ownerPage(browser, tabula.url, owner);
  return {
    tabula,
    owner,
    site,
    browser,
    admin,
    async stop() {
      await browser.close();
      site.server.close();
      await tabula.stop();
    },
  };
}

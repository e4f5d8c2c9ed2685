import { mkdirSync } from 'node:fs';
import type { EditorSession, EditorToken } from '@tabula/protocol';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { callApi, createClientKey, signUpOwnerWithProject } from './support/owner';
import { type RunningServer, startServer } from './support/server';
import {
  DOCS_FILE,
  DOCS_TARGETS,
  KINDS_TARGETS,
  type KindsLook,
  type KindTargets,
  kindChanges,
  kindsLookOf,
  NONCE,
  type NoncePage,
  settledInControl,
  startVisualSite,
  VIOLATIONS_PROBE,
  type VisualSite,
  versionLookOf,
  violationsOf,
  withStrictStyles,
} from './support/visual-site';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;

/** The demo shop's own elements of each kind (packages/server/src/features/demo/page.ts); it has no image either. */
const SHOP_TARGETS: KindTargets = {
  hide: 'dl',
  remove: 'small',
  image: { insertInto: 'main' },
  imageAddress: '/favicon.svg',
  link: 'nav a:last-of-type',
  insertAfter: '#headline',
  styled: '#headline',
};
const SHOP_EXPERIMENT = 'shop-kinds';
/** Spec §1 QA: the SDK's URL parameter that forces a visitor into a version. */
const forcedInto = (version: string) => `tabula_force=${SHOP_EXPERIMENT}:${version}`;

/** A visitor seen for the first time, whose CSP violations and page errors are recorded. */
async function visit(browser: Browser, options: { withoutConstructedSheets?: boolean } = {}) {
  const context = await browser.newContext();
  await context.addInitScript(VIOLATIONS_PROBE);
  // A browser without constructed style sheets (Safari before 16.4), which the SDK gives a <style> element instead.
  if (options.withoutConstructedSheets) await context.addInitScript('delete Document.prototype.adoptedStyleSheets');
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

// A visitor in a visual experiment's version sees every kind of change (hide, remove, image, link, insert, custom CSS,
// custom script), and a visitor in its control none, on the demo shop as the server serves it and on a page that is
// not ours; and a version's style sheet applies under a policy that takes styles by nonce only.
describe.skipIf(!chromiumAvailable)('every kind of visual change, under a strict CSP', () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('on the demo shop', () => {
    let tabula: RunningServer;
    let clientKey: string;

    /**
     * Tested as served by the server: its page, the SDK, the payload and the custom script, under the server's policy
     * (scripts from the server only). Only the policy's style-src is narrowed, from 'unsafe-inline' (the console needs
     * it, and the shop shares the server's policy) to the shop's own <style>: no inline style the SDK might add passes.
     */
    const strictShop = async (page: Page) => {
      await page.route(
        (url) => url.pathname === '/demo',
        async (route) => {
          const response = await route.fetch();
          const html = await response.text();
          const policy = withStrictStyles(response.headers()['content-security-policy'] ?? '', html);
          await route.fulfill({
            response,
            body: html,
            headers: { ...response.headers(), 'content-security-policy': policy },
          });
        },
      );
    };

    beforeAll(async () => {
      tabula = await startServer();
      const owner = await signUpOwnerWithProject(tabula.url);
      clientKey = await createClientKey(tabula.url, owner);
      const api = <T>(path: string, init?: RequestInit) => callApi<T>(tabula.url, path, init);
      const post = (body: unknown) => ({ method: 'POST', headers: owner.headers, body: JSON.stringify(body) });
      const project = `/api/v1/projects/${owner.projectId}`;
      const experiments = `${project}/experiments`;
      await api(project, { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ customScripts: true }) });
      await api(
        experiments,
        post({
          key: SHOP_EXPERIMENT,
          kind: 'visual',
          name: 'Every kind of change',
          page: { url: `https://127.0.0.1:${tabula.port}/demo*`, match: 'fuzzy' },
        }),
      );
      // Saved as the visual editor saves them, through its token.
      const { token } = await api<EditorToken>(`${experiments}/${SHOP_EXPERIMENT}/editor-token`, post({}));
      const editor = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const { versions } = await api<EditorSession>('/api/v1/editor/session', { headers: editor });
      await api('/api/v1/editor/versions', {
        method: 'PUT',
        headers: editor,
        body: JSON.stringify({
          experimentKey: SHOP_EXPERIMENT,
          versions: versions.map(({ key, name, isControl }) => ({
            key,
            name,
            changeRecords: isControl ? [] : kindChanges(SHOP_TARGETS),
          })),
        }),
      });
      await api(`${experiments}/${SHOP_EXPERIMENT}/start`, post({}));
    });

    afterAll(async () => {
      await tabula?.stop();
    });

    it('shows a visitor forced into the version every kind of change, and one forced into the control none', async () => {
      const version = await visit(browser);
      await strictShop(version.page);
      await version.page.goto(`${tabula.url}/demo?key=${clientKey}&${forcedInto('treatment')}`);
      await expect.poll(() => kindsLookOf(version.page, SHOP_TARGETS)).toEqual(versionLookOf(SHOP_TARGETS));
      await version.page.screenshot({ path: `${artifacts}visual-kinds-shop-version.png` });
      expect(await violationsOf(version.page)).toEqual([]);
      expect(version.errors).toEqual([]);
      await version.context.close();

      const control = await visit(browser);
      await strictShop(control.page);
      await control.page.goto(`${tabula.url}/demo?key=${clientKey}&${forcedInto('control')}`);
      await settledInControl(control.page, SHOP_EXPERIMENT);
      expect(await kindsLookOf(control.page, SHOP_TARGETS)).toEqual({
        hidden: 'grid',
        removed: false,
        image: null,
        link: [`/demo/react?key=${clientKey}`, ''],
        inserted: null,
        styled: 'rgb(31, 35, 41)',
        script: null,
      });
      expect(await violationsOf(control.page)).toEqual([]);
      expect(control.errors).toEqual([]);
      await control.context.close();
    });
  });

  describe('on pages of a site under a strict CSP', () => {
    let site: VisualSite;

    beforeAll(async () => {
      site = await startVisualSite();
    });

    afterAll(async () => {
      await site?.close();
    });

    it('changes every kind on a documentation page that is not ours, and the control sees none of it', async () => {
      expect(DOCS_FILE, 'npm’s documentation (docs/output) beside the npm that runs the tests').not.toBeNull();
      const control = await visit(browser);
      await control.page.goto(site.docsUrl('control'));
      await settledInControl(control.page, 'docs-control');
      expect(await kindsLookOf(control.page, DOCS_TARGETS)).toEqual({
        hidden: 'block',
        removed: false,
        image: null,
        link: ['https://github.com/npm/cli/edit/latest/docs/lib/content/commands/npm-install.md', ''],
        inserted: null,
        styled: 'rgb(36, 41, 46)',
        script: null,
      });
      // A page may break the policy by itself (this one's footer icon has a style attribute): the version adds nothing.
      const own = await violationsOf(control.page);
      expect(control.errors).toEqual([]);
      await control.context.close();

      const version = await visit(browser);
      await version.page.goto(site.docsUrl('version'));
      await expect.poll(() => kindsLookOf(version.page, DOCS_TARGETS)).toEqual(versionLookOf(DOCS_TARGETS));
      await version.page.screenshot({ path: `${artifacts}visual-kinds-docs-version.png`, fullPage: false });
      expect(await violationsOf(version.page)).toEqual(own);
      expect(version.errors).toEqual([]);
      await version.context.close();
    });

    interface Outcome {
      look: KindsLook;
      reports: string[];
      violations: string[];
    }
    const applied: Outcome = { look: versionLookOf(KINDS_TARGETS), reports: [], violations: [] };

    /** Opens a kinds page under a nonce policy (see NONCE_PAGES) and expects its look, what the SDK reported, and the violations. */
    const expectNoncePage = async (
      name: NoncePage,
      expected: Outcome,
      options: { withoutConstructedSheets?: boolean } = {},
    ) => {
      const { context, page, errors } = await visit(browser, options);
      await page.goto(site.nonceUrl(name));
      // The custom script runs last, once its file has loaded: the look is complete when the script has marked it.
      await expect.poll(() => kindsLookOf(page, KINDS_TARGETS)).toEqual(expected.look);
      expect(await page.evaluate(() => (window as unknown as { reports: string[] }).reports)).toEqual(expected.reports);
      await expect.poll(() => violationsOf(page)).toEqual(expected.violations);
      expect(errors).toEqual([]);
      await context.close();
    };

    it(`applies every kind where scripts and styles need the nonce (style-src 'nonce-${NONCE}')`, async () => {
      // The style sheet is adopted through CSSOM, which style-src does not govern; the part and the custom script
      // load under the snippet's nonce.
      await expectNoncePage('style', applied);
      // A browser without constructed sheets gets a <style> element under the snippet's nonce.
      await expectNoncePage('style', applied, { withoutConstructedSheets: true });
    });

    it('applies the style sheet where the nonce is for scripts only (style-src self)', async () => {
      // A <style> under the snippet's nonce would be refused here: the SDK adopts the sheet instead.
      await expectNoncePage('scripts-only', applied);
    });

    it('applies the style sheet where the page does not give the snippet its nonce, or reports it refused', async () => {
      await expectNoncePage('none', applied);
      // Without constructed sheets, the <style> element needs the nonce the snippet lacks: the policy refuses it and
      // the SDK reports that (E32), while every other change still applies and the page runs on.
      const refused = {
        look: { ...applied.look, styled: 'rgb(0, 0, 0)' },
        reports: ['E32'],
        violations: ['style-src-elem'],
      };
      await expectNoncePage('none', refused, { withoutConstructedSheets: true });
    });
  });
});

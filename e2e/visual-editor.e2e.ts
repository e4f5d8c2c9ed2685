import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChangeRecord, EditorSession, EditorToken } from '@tabula/protocol';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { callApi, createClientKey, type Owner, signUpOwnerWithProject } from './support/owner';
import { type RunningServer, startServer } from './support/server';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
const extensionDir = new URL('../packages/editor/extension', import.meta.url).pathname;
const HEADLINE = 'Half price, today only';
const BACKGROUND = 'https://images.example.com/garden.jpg';
/** Spec §1 QA: the SDK's URL parameter that forces a visitor into a version. */
const forcedInto = (version: string) => `tabula_force=hero-headline:${version}`;
const SAVED =
  'Save successfully. If the editing is completed, please return to the previous tab and proceed to "Next".';

/** The editor's panel, inside its shadow root (Playwright's locators pierce open shadow roots). */
const panel = (page: Page) => page.locator('tabula-editor .panel');
const inPanel = (page: Page, selector: string): Locator => panel(page).locator(selector);

async function setField(page: Page, key: string, value: string): Promise<void> {
  const field = inPanel(page, `[data-field="${key}"]:not([type="color"])`);
  await field.fill(value);
  await field.press(key === 'textContent' ? 'Tab' : 'Enter');
}

/** Chromium names an unpacked extension after its folder: the SHA-256 of the path, its hex digits spelt a to p. */
const unpackedExtensionId = (path: string) =>
  [...createHash('sha256').update(path).digest('hex').slice(0, 32)]
    .map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16)))
    .join('');

/** The bookmarklet's way in: a script tag for the server's editor bundle, with the token on it. */
const injectEditor = (page: Page, server: string, token: string) =>
  page.evaluate(
    ({ src, token }) => {
      const script = document.createElement('script');
      script.src = src;
      script.dataset.token = token;
      document.documentElement.appendChild(script);
    },
    { src: `${server}/sdk/editor.js`, token },
  );

interface Look {
  headline: string | null;
  colour: string;
  background: string;
  firstInMain: string | undefined;
  note: string[];
}

/** What a visitor sees of each element the treatment changes. */
const lookOf = (page: Page): Promise<Look> =>
  page.evaluate(() => {
    const headline = document.getElementById('headline')!;
    const main = document.querySelector('main')!;
    const note = getComputedStyle(main.querySelector('small')!);
    return {
      headline: headline.textContent,
      colour: getComputedStyle(headline).color,
      background: getComputedStyle(main).backgroundImage,
      firstInMain: main.firstElementChild?.id,
      note: [note.position, note.left, note.top],
    };
  });

const TREATMENT: Look = {
  headline: HEADLINE,
  colour: 'rgb(200, 0, 0)',
  background: `url("${BACKGROUND}")`,
  firstInMain: 'buy',
  note: ['relative', '40px', '-30px'],
};
const CONTROL: Look = {
  headline: 'Everything for your garden',
  colour: 'rgb(31, 35, 41)',
  background: 'none',
  firstInMain: 'headline',
  note: ['static', 'auto', 'auto'],
};

// Issue 5: the SDK opens the visual editor on the demo shop; change the page for one version, save, and find the change
// records stored; the control stays read-only; a bookmarklet and the browser extension load the same editor. Once the
// experiment runs, a visitor in the changed version sees every change, also on the React shop that renders itself
// again and again, and a visitor in the control none.
describe.skipIf(!chromiumAvailable)('visual editor', () => {
  let tabula: RunningServer;
  let browser: Browser;
  let owner: Owner;
  let clientKey: string;
  let token: string;
  let experiments: string;

  const api = <T>(path: string, init?: RequestInit) => callApi<T>(tabula.url, path, init);

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    tabula = await startServer();
    owner = await signUpOwnerWithProject(tabula.url);
    clientKey = await createClientKey(tabula.url, owner);
    experiments = `/api/v1/projects/${owner.projectId}/experiments`;
    await api(experiments, {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({
        key: 'hero-headline',
        kind: 'visual',
        name: 'Hero headline',
        // Both variants of the demo shop: /demo and /demo/react (fuzzy matching ignores the scheme).
        page: { url: `https://127.0.0.1:${tabula.port}/demo*`, match: 'fuzzy' },
      }),
    });
    ({ token } = await api<EditorToken>(`${experiments}/hero-headline/editor-token`, {
      method: 'POST',
      headers: owner.headers,
      body: '{}',
    }));
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });

  afterAll(async () => {
    await browser?.close();
    await tabula?.stop();
  });

  it('opens through the SDK on the demo shop, edits it for one version and saves the change records', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The address the console's "Open visual editor" makes: the page's snippet sees the token and loads the editor.
    await page.goto(`${tabula.url}/demo?key=${clientKey}&tabula_editor=${token}`);
    await page.waitForFunction(() => document.getElementById('experiment')?.textContent !== '…');
    await expect.poll(() => panel(page).getAttribute('data-editor-state')).toBe('ready');
    expect(await inPanel(page, '[data-field="page-address"]').inputValue()).toBe(`${tabula.url}/demo?key=${clientKey}`);

    // Step 1: the demo page carries the project's snippet, and the experiment's flag follows.
    await expect
      .poll(() => inPanel(page, '[data-area="integration"]').getAttribute('data-integration'))
      .toBe('configured');
    expect(await inPanel(page, '[data-area="integration"]').textContent()).toContain(
      'Integration code has been configured.',
    );
    await page.screenshot({ path: `${artifacts}visual-editor-page-step.png` });
    await inPanel(page, '[data-action="next"]').click();

    // Nothing chosen yet: the editor asks for a version (spec §5).
    expect(await inPanel(page, '[data-refusal]').textContent()).toBe('Please choose group');
    await inPanel(page, '[data-version="treatment"]').click();

    // Edit mode keeps the page's own handlers from firing: the Buy button tracks nothing.
    await page.locator('#buy').click();
    expect(await page.locator('#status').textContent()).toBe('');

    // Shift-click chooses elements to change together, under one selector; again, and it is taken away.
    await page.locator('#headline').click();
    await page.locator('#buy').click({ modifiers: ['Shift'] });
    expect(await inPanel(page, '[data-field="selector"]').inputValue()).toBe('#headline, #buy');
    await expect.poll(() => inPanel(page, '[data-chosen]').textContent()).toBe('2 elements chosen to change together.');
    await expect.poll(() => page.locator('tabula-editor [data-overlay="selected"]').count()).toBe(2);
    await page.screenshot({ path: `${artifacts}visual-editor-chosen.png` });
    await page.locator('#buy').click({ modifiers: ['Shift'] });
    // A looser selector typed by hand: the panel warns, and what else it finds is outlined on the page.
    await setField(page, 'selector', 'main.shop > *');
    // The editor counts the matches once the page shows the changes, a frame later.
    await expect.poll(() => inPanel(page, '[data-selector-matches]').getAttribute('class')).toBe('notice warning');
    await expect.poll(() => page.locator('tabula-editor [data-overlay="match"]').count()).toBeGreaterThan(1);
    await page.screenshot({ path: `${artifacts}visual-editor-loose-selector.png` });

    // Clicks on the Buy button become a goal of the experiment, named from its text.
    await page.locator('#buy').click();
    expect(await inPanel(page, '[data-field="goal-name"]').inputValue()).toBe('Buy for €42');
    await inPanel(page, '[data-action="track-clicks"]').click();
    await expect.poll(() => inPanel(page, '[data-goal-tracked]').count()).toBe(1);
    expect(await inPanel(page, '[data-area="goals"] li').textContent()).toBe('Buy for €42#buy');
    const goal = await api<{ source: unknown; experiments: unknown }>(
      `/api/v1/projects/${owner.projectId}/metrics/buy-for-42`,
      { headers: owner.headers },
    );
    expect(goal).toMatchObject({
      source: { kind: 'click', selector: '#buy' },
      experiments: [{ key: 'hero-headline', roles: ['secondary'] }],
    });

    // Heading: text and colour.
    await page.locator('#headline').click();
    expect(await inPanel(page, '[data-element-type]').getAttribute('data-element-type')).toBe('text');
    expect(await inPanel(page, '[data-field="selector"]').inputValue()).toBe('#headline');
    await setField(page, 'textContent', HEADLINE);
    await setField(page, 'color', '#c80000');
    await expect.poll(() => page.locator('#headline').textContent()).toBe(HEADLINE);
    expect(await page.locator('#headline').evaluate((element) => getComputedStyle(element).color)).toBe(
      'rgb(200, 0, 0)',
    );

    // A malformed integer is refused with the spec's prompt.
    await setField(page, 'width', '12.5');
    expect(await inPanel(page, '[role="alert"]').first().textContent()).toBe('Please input valid width');
    await setField(page, 'width', '');

    // The heading's container gets a background image.
    await inPanel(page, '[data-action="parent"]').click();
    // A class of the shop's own names its main element, on the plain page and the React one alike.
    expect(await inPanel(page, '[data-field="selector"]').inputValue()).toBe('main.shop');
    await inPanel(page, '[data-fill="image"]').click();
    await setField(page, 'backgroundImage', BACKGROUND);
    await expect
      .poll(() => page.locator('main').evaluate((element) => getComputedStyle(element).backgroundImage))
      .toBe(`url("${BACKGROUND}")`);

    // Reorder: the Buy button goes before the heading.
    await inPanel(page, '[data-action="start-move"]').click();
    expect(await inPanel(page, '[data-area="position"]').textContent()).toContain('Please choose an element');
    await page.locator('#buy').click();
    expect(await inPanel(page, '[data-area="position"]').getAttribute('data-move-step')).toBe('2');
    const heading = (await page.locator('#headline').boundingBox())!;
    await page.mouse.click(heading.x + heading.width / 2, heading.y + 4);
    expect(await inPanel(page, '[data-area="position"]').getAttribute('data-move-step')).toBe('3');
    await inPanel(page, '[data-action="confirm-move"]').click();
    await expect.poll(() => page.locator('main').evaluate((main) => main.firstElementChild?.id)).toBe('buy');

    // Anywhere: the note under the table is dragged up and to the right.
    await inPanel(page, '[data-move-mode="anywhere"]').click();
    await inPanel(page, '[data-action="start-move"]').click();
    await page.locator('main small').click();
    const badge = (await page.locator('main small').boundingBox())!;
    await page.mouse.move(badge.x + 10, badge.y + 5);
    await page.mouse.down();
    await page.mouse.move(badge.x + 30, badge.y - 5, { steps: 4 });
    await page.mouse.move(badge.x + 50, badge.y - 25, { steps: 4 });
    await page.mouse.up();
    await inPanel(page, '[data-action="confirm-move"]').click();
    await expect
      .poll(() =>
        page
          .locator('main small')
          .evaluate((element) => [getComputedStyle(element).left, getComputedStyle(element).top]),
      )
      .toEqual(['40px', '-30px']);

    // Five changes, one of which is undone and redone.
    expect(await inPanel(page, '[data-area="changes"] li').count()).toBe(5);
    await inPanel(page, '[data-action="undo"]').click();
    expect(await inPanel(page, '[data-area="changes"] li').count()).toBe(4);
    await inPanel(page, '[data-action="redo"]').click();
    expect(await inPanel(page, '[data-area="changes"] li').count()).toBe(5);
    await page.screenshot({ path: `${artifacts}visual-editor-edited.png` });

    await inPanel(page, '[data-action="save"]').click();
    await expect.poll(() => page.locator('tabula-editor .toast').textContent()).toBe(SAVED);
    await page.screenshot({ path: `${artifacts}visual-editor-saved.png` });

    // The control is read-only.
    await inPanel(page, '[data-version="control"]').click();
    expect(await inPanel(page, '[data-refusal]').textContent()).toBe(
      'The control version is for experimental purposes and cannot be modified.',
    );

    // Mobile: the page again at a phone's width, showing the version too.
    await inPanel(page, '[data-version="treatment"]').click();
    await inPanel(page, '[data-device-switch="mobile"]').click();
    const phone = page.frameLocator('tabula-editor iframe');
    await expect.poll(() => phone.locator('#headline').textContent()).toBe(HEADLINE);
    expect((await page.locator('tabula-editor iframe').boundingBox())!.width).toBe(375);
    await phone.locator('#buy').click();
    expect(await inPanel(page, '[data-field="selector"]').inputValue()).toBe('#buy');
    await page.screenshot({ path: `${artifacts}visual-editor-mobile.png` });
    // A move that pushes the button past the phone's right edge is warned of, and cancelled.
    await inPanel(page, '[data-action="start-move"]').click();
    await phone.locator('#buy').click();
    const button = (await phone.locator('#buy').boundingBox())!;
    await page.mouse.move(button.x + 10, button.y + 5);
    await page.mouse.down();
    await page.mouse.move(button.x + 200, button.y + 5, { steps: 4 });
    await page.mouse.move(button.x + 300, button.y + 5, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => inPanel(page, '[data-move-offscreen]').count()).toBe(1);
    await inPanel(page, '[data-action="cancel-move"]').click();
    await inPanel(page, '[data-device-switch="desktop"]').click();

    // Preview: the page as visitors see it, laid out beside the panel and never under it, its own handlers running.
    await inPanel(page, '[data-mode-switch="preview"]').click();
    const preview = page.frameLocator('tabula-editor .device.docked iframe');
    await expect.poll(() => preview.locator('#headline').textContent()).toBe(HEADLINE);
    const frameBox = (await page.locator('tabula-editor .device.docked iframe').boundingBox())!;
    const panelBox = (await page.locator('tabula-editor .panel').boundingBox())!;
    expect(frameBox.x + frameBox.width).toBeLessThanOrEqual(panelBox.x);
    expect(await page.locator('tabula-editor [data-overlay]').count()).toBe(0);
    await page.screenshot({ path: `${artifacts}visual-editor-preview.png` });
    await preview.locator('#buy').click();
    await expect.poll(() => preview.locator('#status').textContent()).toBe('Purchase tracked');
    expect(errors).toEqual([]);
    await context.close();

    const session = await api<EditorSession>('/api/v1/editor/session', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.experiment.integrationConfigured).toBe(true);
    const [control, treatment] = session.versions;
    expect(control!.changeRecords).toEqual([]);
    const records = treatment!.changeRecords;
    expect(records).toEqual<ChangeRecord[]>([
      { selector: '#headline', type: '', key: 'textContent', value: HEADLINE },
      { selector: '#headline', type: 'style', key: 'color', value: '#c80000' },
      { selector: 'main.shop', type: 'style', key: 'backgroundImage', value: BACKGROUND },
      expect.objectContaining({
        selector: '#buy',
        type: 'move',
        moveType: 'reorder',
        targetSelector: '#headline',
        insertOrder: 'before',
      }),
      {
        selector: 'small.note',
        type: 'move',
        key: '',
        value: '',
        moveType: 'anywhere',
        x: 40,
        y: -30,
        device: 'desktop',
      },
    ]);
  });

  it('on a phone, keeps the upper half of the screen for the page, in edit mode and in preview', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${tabula.url}/demo?key=${clientKey}&tabula_editor=${token}`);
    await expect.poll(() => panel(page).getAttribute('data-editor-state')).toBe('ready');
    await inPanel(page, '[data-action="next"]').click();
    const sheet = (await panel(page).boundingBox())!;
    expect(sheet.y).toBeGreaterThanOrEqual(844 / 2);
    expect(sheet.width).toBeGreaterThan(360);
    await page.locator('#headline').click();
    expect(await inPanel(page, '[data-field="selector"]').inputValue()).toBe('#headline');
    await page.screenshot({ path: `${artifacts}visual-editor-phone-edit.png` });
    await inPanel(page, '[data-mode-switch="preview"]').click();
    const preview = page.locator('tabula-editor .device.docked iframe');
    await expect.poll(() => page.frameLocator('tabula-editor .device.docked iframe').locator('#buy').count()).toBe(1);
    const shown = (await preview.boundingBox())!;
    expect(shown.y + shown.height).toBeLessThanOrEqual(sheet.y);
    expect(shown.width).toBe(390);
    await page.screenshot({ path: `${artifacts}visual-editor-phone-preview.png` });
    await context.close();
  });

  it('opens from a bookmarklet, whose script tag carries the token', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${tabula.url}/demo?key=${clientKey}`);
    await injectEditor(page, tabula.url, token);
    await expect.poll(() => panel(page).getAttribute('data-editor-state')).toBe('ready');
    await inPanel(page, '[data-action="next"]').click();
    await inPanel(page, '[data-version="treatment"]').click();
    await expect.poll(() => page.locator('#headline').textContent()).toBe(HEADLINE);
    await context.close();
  });

  it('loads in Chromium as an extension, signs in with a token and opens the editor on the page', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'tabula-extension-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: false,
      viewport: { width: 1366, height: 900 },
      locale: 'en-US',
      args: [
        ...chromiumArgs.filter((arg) => arg !== '--headless'),
        '--headless=new',
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
      ],
    });
    try {
      const popup = await context.newPage();
      await popup.goto(`chrome-extension://${unpackedExtensionId(extensionDir)}/popup.html`);
      await popup.locator('#server').fill(tabula.url);
      await popup.locator('#token').fill(token);
      await popup.locator('button[type="submit"]').click();
      await expect.poll(() => popup.locator('#experiment').textContent()).toContain('Hero headline');

      const page = await context.newPage();
      await page.goto(`${tabula.url}/demo?key=${clientKey}`);
      await expect.poll(() => panel(page).getAttribute('data-editor-state'), { timeout: 15_000 }).toBe('ready');
      // The editor shows what was saved before: the treatment's five changes.
      await inPanel(page, '[data-action="next"]').click();
      await inPanel(page, '[data-version="treatment"]').click();
      await expect.poll(() => page.locator('#headline').textContent()).toBe(HEADLINE);
      await page.screenshot({ path: `${artifacts}visual-editor-extension.png` });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('shows a visitor forced into the treatment every change, and one forced into the control none', async () => {
    await api(`${experiments}/hero-headline/start`, { method: 'POST', headers: owner.headers, body: '{}' });

    const treatment = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const visitor = await treatment.newPage();
    const errors: string[] = [];
    visitor.on('pageerror', (error) => errors.push(error.message));
    await visitor.goto(`${tabula.url}/demo?key=${clientKey}&${forcedInto('treatment')}`);
    await expect.poll(() => lookOf(visitor)).toEqual(TREATMENT);
    await visitor.screenshot({ path: `${artifacts}visual-editor-visitor-treatment.png` });
    await treatment.close();

    const control = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const other = await control.newPage();
    other.on('pageerror', (error) => errors.push(error.message));
    await other.goto(`${tabula.url}/demo?key=${clientKey}&${forcedInto('control')}`);
    // The payload with the running experiment is served, and the visitor is in its control.
    await other.waitForFunction(
      () =>
        (
          window as unknown as { Tabula: { client: { getExperiment(key: string): { version: string } | null } } }
        ).Tabula.client.getExperiment('hero-headline')?.version === 'control',
    );
    expect(await lookOf(other)).toEqual(CONTROL);
    await other.screenshot({ path: `${artifacts}visual-editor-visitor-control.png` });
    await control.close();
    expect(errors).toEqual([]);
  });

  it('keeps the changes on the React shop while React renders the headline again and again', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${tabula.url}/demo/react?key=${clientKey}&${forcedInto('treatment')}`);
    await expect.poll(() => lookOf(page)).toEqual(TREATMENT);

    for (let render = 0; render < 3; render += 1) {
      const shown = (await page.locator('#headline').elementHandle())!;
      await expect.poll(() => shown.evaluate((element) => element.isConnected), { timeout: 3000 }).toBe(false);
      // React has put a new headline with the original text in its place; the SDK changed it before this could look.
      expect(await lookOf(page)).toEqual(TREATMENT);
    }
    await page.screenshot({ path: `${artifacts}visual-editor-react-treatment.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});

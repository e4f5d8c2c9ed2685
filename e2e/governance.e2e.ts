import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumAvailable, chromiumPath } from './support/chromium';
import { confirmDialog } from './support/dialog';
import { flagsApi } from './support/flags-api';
import { inviteMember, type Owner, signUpOwnerWithProject } from './support/owner';
import { type RunningServer, startServer } from './support/server';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
const FLAG = 'promo-banner';

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A team's own service: it records every webhook request Tabula posts to it. */
async function startReceiver(): Promise<{ server: Server; url: string; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/tabula`, deliveries };
}

// Issue 18: production is protected; an editor sees it read-only until the project grants them changing it, and then
// their switch reaches the team's webhook, signed.
describe.skipIf(!chromiumAvailable)('governance', () => {
  let tabula: RunningServer;
  let owner: Owner;
  let browser: Browser;
  let editorPage: Page;
  let editor: Awaited<ReturnType<typeof inviteMember>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret = '';

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    // The webhook's receiver listens on this machine, which a server reaches only when told it may.
    tabula = await startServer({ TABULA_WEBHOOK_ALLOW_PRIVATE: 'true' });
    owner = await signUpOwnerWithProject(tabula.url);
    await flagsApi(tabula.url, owner).create({ key: FLAG, name: 'Promo banner', type: 'boolean' });
    receiver = await startReceiver();
    const webhook = await fetch(`${tabula.url}/api/v1/projects/${owner.projectId}/webhooks`, {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({ name: 'Release feed', url: receiver.url, events: ['flag.changed'] }),
    });
    expect(webhook.status).toBe(201);
    secret = ((await webhook.json()) as { secret: string }).secret;
    editor = await inviteMember(tabula.url, owner, {
      role: 'editor',
      email: 'editor@example.com',
      name: 'Eddie Editor',
    });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const [name = '', value = ''] = (editor.headers.cookie ?? '').split('=');
    await context.addCookies([{ name, value, url: tabula.url }]);
    editorPage = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    receiver?.server.close();
    await tabula?.stop();
  });

  const flagPage = () =>
    editorPage.goto(`${tabula.url}/projects/${owner.projectId}/flags/${FLAG}/targeting?environment=production`);

  it('shows an editor production read-only, with the reason', async () => {
    await flagPage();
    await editorPage.getByTestId('environment-production-protected').waitFor();
    expect(await editorPage.getByTestId('environment-production-protected').textContent()).toContain(
      'Production is protected',
    );
    expect(await editorPage.getByTestId(`flag-switch-${FLAG}-production`).isDisabled()).toBe(true);
    await editorPage.screenshot({ path: `${artifacts}governance-protected.png`, animations: 'disabled' });
  });

  it('lets the editor switch production once the project grants it, and the webhook hears it, signed', async () => {
    const granted = await fetch(`${tabula.url}/api/v1/projects/${owner.projectId}/members/${editor.userId}`, {
      method: 'PUT',
      headers: owner.headers,
      body: JSON.stringify({ role: null, protectedEnvironments: true }),
    });
    expect(granted.status).toBe(200);

    await flagPage();
    const toggle = editorPage.getByTestId(`flag-switch-${FLAG}-production`);
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await editorPage.getByTestId('environment-production-protected').count()).toBe(0);
    await toggle.click();
    const saved = await confirmDialog(
      editorPage,
      editorPage.getByTestId('flag-switch-confirm'),
      (request) => request.method() === 'PUT' && request.url().endsWith(`/flags/${FLAG}/environments/production`),
    );
    expect(saved.status()).toBe(200);

    // The delivery is written with the change and posted by the server's worker within seconds.
    const switched = () =>
      receiver.deliveries.find((delivery) => {
        const event = JSON.parse(delivery.body) as { data?: { action?: string } };
        return event.data?.action === 'flag.environment_updated';
      });
    await expect.poll(switched, { timeout: 15_000 }).toBeDefined();
    const { headers, body } = switched()!;
    expect(headers['x-tabula-event']).toBe('flag.changed');
    const expected = createHmac('sha256', secret).update(`${headers['x-tabula-timestamp']}.${body}`).digest('hex');
    expect(headers['x-tabula-signature']).toBe(`v1=${expected}`);
    expect(JSON.parse(body)).toMatchObject({ version: 1, type: 'flag.changed', actor: { name: 'Eddie Editor' } });
  });
});

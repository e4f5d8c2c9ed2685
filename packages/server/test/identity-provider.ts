import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestIdentityProvider {
  issuer: string;
  /** The account the next sign-in at the provider belongs to. */
  signInAs(account: TestAccount): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (oidc-provider) on a free loopback port. Its login and consent prompts are answered at once
 * for the chosen account: the tests are about our side of the protocol, not about a login form.
 */
export async function startTestIdentityProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): Promise<TestIdentityProvider> {
  let account: TestAccount = { subject: 'alice', email: 'alice@example.com', emailVerified: true, name: 'Alice' };
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-identity-provider'] },
    pkce: { required: () => true },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: account.email,
        email_verified: account.emailVerified,
        name: account.name,
      }),
    }),
  });
  const callback = provider.callback();

  const answerPrompt = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: account.subject } });
      return;
    }
    const grant = new provider.Grant({ accountId: account.subject, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      {
        mergeWithLastSubmission: true,
      },
    );
  };

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      answerPrompt(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    callback(req, res);
  });

  return {
    issuer,
    signInAs(next) {
      account = next;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Follows the browser's redirects through the identity provider, keeping its cookies, until it leaves for `stopAt`. */
export async function followToRedirectUri(startUrl: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = startUrl;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(stopAt)) return new URL(url);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`identity provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the identity provider');
}

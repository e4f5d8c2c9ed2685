import * as oidc from 'openid-client';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The console page the identity provider sends the browser back to. */
  redirectUri: string;
}

/** What one sign-in attempt must remember between leaving for the identity provider and coming back. */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface OidcClient {
  start(): Promise<{ url: string; flow: OidcFlow }>;
  finish(params: { code: string; state: string; iss?: string }, flow: OidcFlow): Promise<OidcIdentity>;
}

// Plain http is allowed only for an identity provider on this machine (development and tests).
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

export function createOidcClient(settings: OidcSettings): OidcClient {
  let configuration: Promise<oidc.Configuration> | undefined;

  // Discovery is lazy and retried after a failure, so an identity provider that is down at start-up
  // does not keep sign-in broken once it is back.
  const configure = (): Promise<oidc.Configuration> => {
    configuration ??= (async () => {
      const issuer = new URL(settings.issuer);
      const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
      const config = await oidc.discovery(
        issuer,
        settings.clientId,
        undefined,
        oidc.ClientSecretPost(settings.clientSecret),
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      return config;
    })().catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  };

  return {
    async start() {
      const config = await configure();
      const flow: OidcFlow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, flow };
    },

    async finish({ code, state, iss }, flow) {
      const config = await configure();
      const callback = new URL(settings.redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      if (iss) callback.searchParams.set('iss', iss);
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the identity provider returned no ID token');
      let { email, email_verified: emailVerified, name } = claims as Record<string, unknown>;
      if (typeof email !== 'string' && tokens.access_token) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        ({ email, email_verified: emailVerified, name } = info as Record<string, unknown>);
      }
      return {
        subject: claims.sub,
        email: typeof email === 'string' ? email.trim().toLowerCase() : null,
        emailVerified: emailVerified === true,
        name: typeof name === 'string' && name.trim() ? name.trim() : null,
      };
    },
  };
}

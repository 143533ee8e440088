import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { SocialProvider } from '@pawbridge/shared';

/** The person the stand-in signs in as. */
export interface StandinPerson {
  id: string;
  email: string | null;
  name: string | null;
  /** Default true. */
  emailVerified?: boolean;
}

/** What goes wrong on the next authorisation: the person says no, or the token endpoint refuses the code. */
export type StandinFailure = 'deny' | 'token-error' | 'userinfo-error' | 'forged-id-token';

export interface StandinRequest {
  provider: SocialProvider;
  endpoint: 'authorize' | 'token' | 'userinfo';
  params: Record<string, string>;
  authorization: string | undefined;
}

const DEFAULT_PEOPLE: Record<SocialProvider, StandinPerson> = {
  google: { id: '109876543210987654321', email: 'google.tester@example.com', name: '구글 테스터' },
  kakao: { id: '3141592653', email: 'kakao.tester@example.com', name: '카카오 테스터' },
  naver: { id: 'nv_Zx9Yw8Xv7', email: 'naver.tester@example.com', name: '네이버 테스터' },
};

interface IssuedCode {
  provider: SocialProvider;
  person: StandinPerson;
  redirectUri: string;
  codeChallenge: string | null;
  failure: StandinFailure | null;
}

/**
 * A local stand-in for Google (OIDC with a signed ID token), Kakao and Naver (their
 * user-info shapes) on one port: authorisation approves at once (or fails as told),
 * tokens are checked like the real ones check them (client secret, redirect URI, PKCE).
 */
export class OAuthStandin {
  readonly requests: StandinRequest[] = [];
  private readonly people = { ...DEFAULT_PEOPLE };
  private readonly failures = new Map<SocialProvider, StandinFailure>();
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, IssuedCode>();

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    private readonly privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'],
    private readonly jwk: JWK,
  ) {}

  static async start(port = 0, host = '127.0.0.1'): Promise<OAuthStandin> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'standin-1', alg: 'RS256', use: 'sig' };
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    const { port: bound } = server.address() as AddressInfo;
    const standin = new OAuthStandin(server, `http://${host}:${bound}`, privateKey, jwk);
    server.on('request', (req, res) => {
      standin.handle(req, res).catch((err: unknown) => {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'server_error', error_description: String(err) }));
      });
    });
    return standin;
  }

  static clientId = (p: SocialProvider) => `standin-${p}-client`;
  static clientSecret = (p: SocialProvider) => `standin-${p}-secret`;

  /** The api's environment for all three providers pointing here. */
  env(providers: readonly SocialProvider[] = ['google', 'kakao', 'naver']): Record<string, string> {
    const out: Record<string, string> = {};
    for (const p of providers) {
      const P = p.toUpperCase();
      out[`OAUTH_${P}_CLIENT_ID`] = OAuthStandin.clientId(p);
      out[`OAUTH_${P}_CLIENT_SECRET`] = OAuthStandin.clientSecret(p);
      out[`OAUTH_${P}_AUTHORIZATION_URL`] = `${this.url}/${p}/authorize`;
      out[`OAUTH_${P}_TOKEN_URL`] = `${this.url}/${p}/token`;
      if (p === 'google') {
        out.OAUTH_GOOGLE_JWKS_URL = `${this.url}/google/jwks`;
        out.OAUTH_GOOGLE_ISSUER = `${this.url}/google`;
      } else {
        out[`OAUTH_${P}_USERINFO_URL`] = `${this.url}/${p}/userinfo`;
      }
    }
    return out;
  }

  setPerson(provider: SocialProvider, person: StandinPerson): void {
    this.people[provider] = person;
  }

  /** The next authorisation with this provider fails this way (once). */
  failNext(provider: SocialProvider, failure: StandinFailure): void {
    this.failures.set(provider, failure);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const [, provider, endpoint] = url.pathname.split('/') as [string, SocialProvider, string];
    if (!(provider in DEFAULT_PEOPLE)) return void res.writeHead(404).end();
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
    };

    if (endpoint === 'jwks') return json(200, { keys: [this.jwk] });

    if (endpoint === 'authorize' && req.method === 'GET') {
      const params = Object.fromEntries(url.searchParams);
      this.requests.push({ provider, endpoint, params, authorization: undefined });
      const redirectUri = params.redirect_uri ?? '';
      if (params.client_id !== OAuthStandin.clientId(provider) || !redirectUri) return json(400, { error: 'invalid_client' });
      const back = new URL(redirectUri);
      if (params.state) back.searchParams.set('state', params.state);
      const failure = this.failures.get(provider) ?? null;
      this.failures.delete(provider);
      if (failure === 'deny') {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user denied the request');
      } else {
        const code = crypto.randomBytes(16).toString('hex');
        this.codes.set(code, {
          provider,
          person: this.people[provider],
          redirectUri,
          codeChallenge: params.code_challenge ?? null,
          failure,
        });
        back.searchParams.set('code', code);
      }
      return void res.writeHead(302, { location: back.toString() }).end();
    }

    if (endpoint === 'token' && req.method === 'POST') {
      const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
      const authorization = req.headers.authorization;
      this.requests.push({ provider, endpoint, params, authorization });
      const [basicId, basicSecret] = authorization?.startsWith('Basic ')
        ? Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':')
        : [params.client_id, params.client_secret];
      if (basicId !== OAuthStandin.clientId(provider) || basicSecret !== OAuthStandin.clientSecret(provider))
        return json(401, { error: 'invalid_client' });
      const issued = params.code ? this.codes.get(params.code) : undefined;
      if (params.code) this.codes.delete(params.code);
      if (!issued || issued.provider !== provider || issued.redirectUri !== params.redirect_uri || issued.failure === 'token-error') {
        return json(400, { error: 'invalid_grant', error_description: 'authorization code is invalid or expired' });
      }
      if (issued.codeChallenge !== null) {
        const expected = crypto
          .createHash('sha256')
          .update(params.code_verifier ?? '')
          .digest('base64url');
        if (expected !== issued.codeChallenge) return json(400, { error: 'invalid_grant', error_description: 'code_verifier mismatch' });
      }
      const accessToken = crypto.randomBytes(16).toString('hex');
      this.tokens.set(accessToken, issued);
      const body: Record<string, unknown> = { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 };
      if (provider === 'google') body.id_token = await this.idToken(issued.person, issued.failure === 'forged-id-token');
      return json(200, body);
    }

    if (endpoint === 'userinfo' && req.method === 'GET') {
      const authorization = req.headers.authorization;
      this.requests.push({ provider, endpoint, params: {}, authorization });
      const issued = this.tokens.get(authorization?.replace(/^Bearer /, '') ?? '');
      if (!issued) return json(401, { msg: 'this access token does not exist', code: -401 });
      if (issued.failure === 'userinfo-error') return json(500, { msg: 'internal error' });
      const p = issued.person;
      if (provider === 'kakao') {
        return json(200, {
          id: Number(p.id),
          connected_at: new Date().toISOString(),
          kakao_account: {
            profile_nickname_needs_agreement: false,
            profile: { nickname: p.name },
            has_email: p.email !== null,
            email_needs_agreement: false,
            is_email_valid: p.email !== null,
            is_email_verified: p.emailVerified ?? true,
            ...(p.email ? { email: p.email } : {}),
          },
        });
      }
      return json(200, { resultcode: '00', message: 'success', response: { id: p.id, email: p.email, name: p.name, nickname: p.name } });
    }

    return void res.writeHead(404).end();
  }

  /** `forged`: signed by a key the JWKS does not publish. */
  private async idToken(person: StandinPerson, forged: boolean): Promise<string> {
    const key = forged ? (await generateKeyPair('RS256')).privateKey : this.privateKey;
    return new SignJWT({ email: person.email ?? undefined, email_verified: person.emailVerified ?? true, name: person.name ?? undefined })
      .setProtectedHeader({ alg: 'RS256', kid: 'standin-1' })
      .setIssuer(`${this.url}/google`)
      .setAudience(OAuthStandin.clientId('google'))
      .setSubject(person.id)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

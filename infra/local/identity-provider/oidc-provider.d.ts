// oidc-provider ships no typings; this describes the part of its API (and of Koa, which it
// extends) that the local identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    token_endpoint_auth_method: 'client_secret_basic' | 'client_secret_post' | 'none';
    redirect_uris: string[];
    post_logout_redirect_uris: string[];
    grant_types: string[];
    response_types: string[];
  }

  export interface Client {
    clientId: string;
    grantTypeAllowed(grantType: string): boolean;
  }

  export interface Session {
    accountId?: string;
    grantIdFor(clientId: string): string | undefined;
  }

  export class Grant {
    constructor(properties: { clientId: string; accountId: string });
    jti: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export interface OidcContext {
    client?: Client;
    session?: Session;
    params?: Record<string, unknown>;
    result?: { consent?: { grantId?: string } };
    provider: Provider;
  }

  /** Koa's request context, as far as this code reads and writes it. */
  export interface Context {
    method: string;
    path: string;
    status: number;
    body: unknown;
    type: string;
    req: IncomingMessage;
    res: ServerResponse;
    get(field: string): string;
    set(field: string, value: string): void;
    redirect(url: string): void;
    oidc: OidcContext;
  }

  export type Next = () => Promise<void>;
  export type Middleware = (ctx: Context, next: Next) => Promise<void>;

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<{ sub: string } & Record<string, unknown>>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId: string };
  }

  export interface InteractionResults {
    login?: { accountId: string };
    consent?: { grantId: string };
  }

  /** Makes the storage of one model (sessions, grants, codes, tokens…). */
  export type AdapterFactory = (model: string) => object;

  export interface Configuration {
    adapter: AdapterFactory;
    clockTolerance: number;
    clients: ClientMetadata[];
    jwks: { keys: object[] };
    cookies: {
      keys: string[];
      names: { session: string; interaction: string; resume: string };
      long: { httpOnly: boolean; sameSite: 'lax' | 'strict' | 'none'; secure?: boolean };
      short: { httpOnly: boolean; sameSite: 'lax' | 'strict' | 'none'; secure?: boolean };
    };
    scopes: string[];
    claims: Record<string, string[]>;
    conformIdTokenClaims: boolean;
    responseTypes: string[];
    pkce: { required(ctx: Context, client: Client): boolean };
    findAccount(ctx: Context, sub: string): Promise<Account | undefined>;
    loadExistingGrant(ctx: Context): Promise<Grant | undefined>;
    issueRefreshToken(ctx: Context, client: Client): Promise<boolean>;
    interactions: { url(ctx: Context, interaction: { uid: string }): Promise<string> };
    features: {
      devInteractions: { enabled: boolean };
      rpInitiatedLogout: {
        enabled: boolean;
        logoutSource(ctx: Context, form: string): Promise<void>;
        postLogoutSuccessSource(ctx: Context): Promise<void>;
      };
    };
    renderError(ctx: Context, out: Record<string, string>, error: Error): Promise<void>;
    ttl: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    proxy: boolean;
    use(middleware: Middleware): this;
    listen(port: number, host: string, callback: () => void): Server;
    on(event: string, listener: (...args: unknown[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options: { mergeWithLastSubmission: boolean },
    ): Promise<string>;
    readonly Grant: typeof Grant;
  }
}

declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  import type { AdapterFactory } from 'oidc-provider';

  /** oidc-provider's own in-memory storage, made explicitly (its default warns on every start). */
  export function createMemoryAdapter(clockTolerance: number): AdapterFactory;
}

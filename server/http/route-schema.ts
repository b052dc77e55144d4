import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions, FastifyTypeProvider, RawServerDefault } from 'fastify';
import * as z from 'zod/mini';
import { parse } from './parse';

/**
 * A route declares its contract once, in its options: `schema: api(TAGS.session, 'Sign in',
 * { body: LoginRequest, response: LoginResponse })`. That one declaration is
 * - the validation: Fastify runs the body, query and path schemas through `parse()` before the
 *   handler (a 400 `validation` Refusal with the fields, exactly what a handler's own parse gave);
 * - the handler's types: `request.body` is the schema's output (the ContractTypes provider);
 * - the documentation: server/http/openapi.ts turns the same schemas into the OpenAPI document.
 * Answers are sent as before (JSON.stringify); the response schema documents the 200 answer.
 */
export interface ContractTypes extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodMiniType ? z.infer<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodMiniType ? z.input<this['schema']> : unknown;
}

/** A route plugin whose routes declare contract schemas. */
export type RoutePlugin<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<Options, RawServerDefault, ContractTypes>;

export const TAGS = {
  session: 'Sign-in and session',
  account: 'Account and security',
  crypto: 'Funding: crypto',
  card: 'Funding: cards',
  methods: 'Funding: other methods',
  withdrawal: 'Withdrawals',
  trading: 'Trading',
  support: 'Support',
  engagement: 'Notifications, offers, promotions, contests, referral',
  public: 'Public site and news',
  platform: 'Trading platform (sandbox)',
  operations: 'Operations',
  analytics: 'Analytics: the funnel from real traffic',
  sandbox: 'Sandbox and operator (SANDBOX=1 only)',
} as const;
export type Tag = (typeof TAGS)[keyof typeof TAGS];

/** What a route answers when it is not JSON. */
export type Produces = 'text/html' | 'redirect' | 'text/event-stream' | 'file' | 'text/javascript' | 'text/css' | 'image/svg+xml' | 'text/plain' | 'application/xml';

interface Parts<B, Q, P> {
  body?: B;
  querystring?: Q;
  params?: P;
  /** the 200 answer */
  response?: z.ZodMiniType;
  /** not JSON: an HTML page, a redirect, a stream, a file */
  produces?: Produces;
  hide?: boolean;
}

/** One route's contract and documentation (see above). */
export function api<B extends z.ZodMiniType | undefined = undefined, Q extends z.ZodMiniType | undefined = undefined, P extends z.ZodMiniType | undefined = undefined>(
  tag: Tag,
  summary: string,
  parts: Parts<B, Q, P> = {},
): { tags: Tag[]; summary: string; body: B; querystring: Q; params: P; produces?: Produces[]; response?: { 200: z.ZodMiniType } } {
  const schema: Record<string, unknown> = { tags: [tag], summary };
  if (parts.body) schema.body = parts.body;
  if (parts.querystring) schema.querystring = parts.querystring;
  if (parts.params) schema.params = parts.params;
  if (parts.response) schema.response = { 200: parts.response };
  if (parts.produces) schema.produces = [parts.produces];
  if (parts.hide) schema.hide = true;
  return schema as never;
}

const isContract = (schema: unknown): schema is z.ZodMiniType => typeof schema === 'object' && schema !== null && '_zod' in schema;

const WHAT: Record<string, string> = { body: 'request body', querystring: 'query', params: 'path', headers: 'headers' };

/**
 * Validation and serialisation by contract, for every route of `app`. A missing body or query is
 * an empty object (a call without a body parses as `{}`); a failure is the Refusal `parse()`
 * throws, answered by the one error handler. Call before any route is registered.
 */
export function installContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart, url, method }) => {
    if (!isContract(schema)) throw new Error(`${method} ${url}: its ${httpPart} schema is not a contract (zod) schema`);
    const what = WHAT[httpPart ?? 'body'] ?? 'request';
    return (data: unknown) => {
      try {
        return { value: parse(schema, data ?? {}, what) };
      } catch (error) {
        return { error: error as Error };
      }
    };
  });
  // answers are plain JSON, as without a response schema; the schema is their documentation
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

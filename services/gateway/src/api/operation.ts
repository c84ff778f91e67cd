import { ADMIN_ROLES, ROLES, STAFF_ROLES, type Role } from '@caliber/contracts';
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * Who may call an operation: `anyone` needs no session (sign-in, health probes); `signed-in` is
 * every role, clinical staff included (the services then keep them to their ward and their own
 * reports); `STAFF` is every role but clinical staff; a list of roles refuses the others (403). The domain services keep the rules that
 * depend on the record (a Technician's own task, a status reserved to Engineers); this is the
 * outer line those rules add up to, and the authorization matrix checks the two agree.
 */
export type Callers = 'anyone' | 'signed-in' | readonly Role[];

/** What a forwarded operation hands its service: the path's id, the parsed query and body. */
export interface OperationInput<Body, Query> {
  id: string;
  body: Body;
  query: Query;
}

/** An operation the gateway answers by asking one domain service over NATS, and nothing else. */
export interface Forward<Body, Query> {
  subject: string;
  /**
   * The message the service's handler takes. By default `{id, query, data}` with the parts the
   * operation has (its path's `{id}`, its query, its body as `data`).
   */
  message?: (input: OperationInput<Body, Query>) => unknown;
  /** A longer deadline for work of seconds (an import of many rows), in milliseconds. */
  atLeastMs?: number;
  /** What the service is called in the 503's message, when not the one its subject's prefix names. */
  service?: string;
}

/** The success answer: its status, and the contract schema of its JSON body or the file it is. */
export interface SuccessAnswer {
  status: 200 | 201 | 202 | 204;
  description: string;
  /** The body's schema, from the contract the service answers with; none for 204 and for files. */
  schema?: z.ZodType;
  /** A file rather than JSON: its media types. */
  file?: readonly string[];
}

/** An answer that is neither the success answer nor a refusal in the error shape. */
export type OtherAnswer = Omit<SuccessAnswer, 'status'>;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * One operation of the HTTP API, declared once. The gateway's route (or the route of its own
 * handler, `@Operation`), its call over NATS, its OpenAPI entry and its line of the role table are
 * all derived from this.
 */
export interface OperationDeclaration<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
> {
  /** A stable name for generated clients: verbNoun, unique across the API. */
  operationId: string;
  method: HttpMethod;
  /** With the /api prefix, in OpenAPI's `{id}` form. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  callers: Callers;
  body?: Body;
  /** The body may be left out (the handler reads it itself): documented as not required. */
  bodyOptional?: boolean;
  /**
   * The body is a file's bytes, streamed (never JSON, never held whole): what the route says of
   * it. The handler reads the body itself; `body` is then left out.
   */
  fileBody?: { description: string };
  query?: Query;
  answer: SuccessAnswer;
  /**
   * Answers besides the success answer whose body is not the error shape, by status: the file a
   * report is when it is ready in time (200 beside the 202), a probe's own body when something
   * is down (503).
   */
  otherAnswers?: Record<number, OtherAnswer>;
  /**
   * The refusals particular to this operation, status → what it means. The common ones are added
   * where they apply: 400 (a body or query), 401 (a session), 403 (a list of roles), 413 and 415
   * (a body), 503 (a forwarded call); an entry here wins over the common words.
   */
  refusals?: Record<number, string>;
  /** Declared when the gateway only forwards the call; an operation without it has its own handler. */
  forward?: Forward<Parsed<Body>, Parsed<Query>>;
  /** A write that can move a dashboard figure: its author's next dashboard is computed anew. */
  changesDashboardFigures?: boolean;
}

/** Any declared operation, whatever its body and query. */
export type ApiOperation = OperationDeclaration<z.ZodType | undefined, z.ZodObject | undefined>;

/** Declares an operation, typing its forward's message from its own body and query schemas. */
export function operation<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodObject | undefined = undefined,
>(declaration: OperationDeclaration<Body, Query>): ApiOperation {
  return declaration as ApiOperation;
}

/** Where a route keeps its operation's callers, for the guard that refuses clinical staff. */
export const OPERATION_CALLERS = 'caliber:operationCallers';

/**
 * The biomedical department's staff, every role but clinical staff: what they read and do is the
 * department's work (its dashboard, tasks, plans, reports, recalls, safety tests, the whole
 * inventory), which clinical staff, who only report faults and follow their own, do not see.
 */
export const STAFF: readonly Role[] = STAFF_ROLES;
/** Engineers and Admins: the people who manage equipment, work and the roster. */
export const ENGINEERS: readonly Role[] = ['Engineer', 'Admin'];
/** Everyone but Technicians: the audit trail holds staff's personal details. */
export const SUPERVISORS: readonly Role[] = ['Engineer', 'Manager', 'Admin'];
/** Only Admins: the hospital's lists, the sign-in policy, the notifications' delivery record. */
export const ADMINS: readonly Role[] = ADMIN_ROLES;

/** The roles an operation's callers stand for (none for `anyone`: no session is asked for). */
export function rolesOf(callers: Callers): readonly Role[] {
  if (callers === 'anyone' || callers === 'signed-in') return ROLES;
  return callers;
}

/** "Engineers and Admins", "Engineers, Managers and Admins": who may call, in words. */
export function callersInWords(roles: readonly Role[]): string {
  const plural = roles.map((role) => `${role}s`);
  return plural.length < 2
    ? (plural[0] ?? '')
    : `${plural.slice(0, -1).join(', ')} and ${plural[plural.length - 1] ?? ''}`;
}

/** The express-style path Nest registers under the global `api` prefix: `equipment/:id`. */
export function routePath(operation: Pick<ApiOperation, 'path'>): string {
  return operation.path.replace(/^\/api\/?/, '').replace(/\{(\w+)\}/g, ':$1');
}

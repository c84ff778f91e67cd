import {
  applyDecorators,
  Body,
  Controller,
  HttpCode,
  Inject,
  Param,
  Query,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UseInterceptors,
  type Type,
} from '@nestjs/common';
import { requestFromService, type ServiceChannel } from '@caliber/service-kit';
import { CurrentSession } from '../auth/current-user.decorator';
import { IS_PUBLIC } from '../auth/public.decorator';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { DropsDashboardFigures } from '../dashboard/drops-dashboard-figures.interceptor';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ZodQueryPipe } from '../http/zod-query.pipe';
import { SERVICE_CHANNEL } from '../identity/service-client';
import { OPERATION_CALLERS, routePath, type ApiOperation, type Forward } from './operation';

const METHODS = {
  get: RequestMethod.GET,
  post: RequestMethod.POST,
  put: RequestMethod.PUT,
  delete: RequestMethod.DELETE,
} as const;

/**
 * The route of an operation the gateway answers with its own handler (a file, a sign-in, the
 * dashboard): its method, path and status, whether it needs a session, and whether it moves a
 * dashboard figure, all from its declaration. The handler reads its own parameters.
 */
export function Operation(operation: ApiOperation): MethodDecorator {
  return applyDecorators(
    RequestMapping({ path: routePath(operation), method: METHODS[operation.method] }),
    HttpCode(operation.answer.status),
    SetMetadata(OPERATION_CALLERS, operation.callers),
    ...(operation.callers === 'anyone' ? [SetMetadata(IS_PUBLIC, true)] : []),
    ...(operation.changesDashboardFigures ? [UseInterceptors(DropsDashboardFigures)] : []),
  );
}

/** What people call each service when it does not answer (the 503's message). */
const SERVICE_LABELS: Readonly<Record<string, string>> = {
  identity: 'staff roster service',
  equipment: 'equipment service',
  maintenance: 'maintenance service',
  reports: 'reports service',
};

/** The service a subject belongs to, in words for a 503: `equipment.list` → "equipment service". */
export function serviceLabelOf(subject: string): string {
  const prefix = subject.split('.')[0] ?? '';
  return SERVICE_LABELS[prefix] ?? `${prefix} service`;
}

/** The default message of a forwarded call: the parts the operation has, named as the services take them. */
function defaultMessage(operation: ApiOperation, id: string, body: unknown, query: unknown): unknown {
  return {
    ...(operation.path.includes('{id}') ? { id } : {}),
    ...(operation.query ? { query } : {}),
    ...(operation.body ? { data: body } : {}),
  };
}

type ForwardHandler = (
  this: { channel: ServiceChannel },
  session: GatewaySession | undefined,
  id: string,
  body: unknown,
  query: unknown,
) => Promise<unknown>;

function forwardHandler(operation: ApiOperation, forward: Forward<unknown, unknown>): ForwardHandler {
  const label = forward.service ?? serviceLabelOf(forward.subject);
  return function forwardToService(session, id, body, query) {
    const message = forward.message
      ? forward.message({ id, body, query })
      : defaultMessage(operation, id, body, query);
    return requestFromService(
      this.channel,
      label,
      forward.subject,
      message,
      session ? actingUserOf(session) : undefined,
      Math.max(this.channel.timeoutMs, forward.atLeastMs ?? 0),
    );
  };
}

/**
 * Routes specific paths before the paths whose segment at the same place is a parameter, so
 * `equipment/export` is never read as a device named "export" whatever order operations are
 * declared in.
 */
export function bySpecificity(a: ApiOperation, b: ApiOperation): number {
  const left = a.path.split('/');
  const right = b.path.split('/');
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const l = (left[index] ?? '').startsWith('{');
    const r = (right[index] ?? '').startsWith('{');
    if (l !== r) return l ? 1 : -1;
    if (left[index] !== right[index]) return 0;
  }
  return 0;
}

/**
 * A controller answering every forwarded operation: validate the query and body with the
 * contract's schemas (400 with a message), then ask the operation's service for the signed-in
 * person and hand its answer (or its refusal) back. The services check everything again and keep
 * the role rules.
 */
export function forwardingController(operations: readonly ApiOperation[]): Type<unknown> {
  @Controller()
  class ForwardingController {
    constructor(@Inject(SERVICE_CHANNEL) readonly channel: ServiceChannel) {}
  }
  const prototype = ForwardingController.prototype as unknown as Record<string, unknown>;
  for (const operation of [...operations].sort(bySpecificity)) {
    const forward = operation.forward as Forward<unknown, unknown> | undefined;
    if (!forward) continue;
    const key = operation.operationId;
    prototype[key] = forwardHandler(operation, forward);
    const descriptor = Object.getOwnPropertyDescriptor(prototype, key);
    if (!descriptor) throw new Error(`No handler for ${key}`);
    Operation(operation)(prototype, key, descriptor);
    // Parameters in the handler's order: the session, the path's id, the body, the query.
    if (operation.callers !== 'anyone') CurrentSession()(prototype, key, 0);
    Param('id')(prototype, key, 1);
    if (operation.body) Body(new ZodBodyPipe(operation.body))(prototype, key, 2);
    if (operation.query) Query(new ZodQueryPipe(operation.query))(prototype, key, 3);
  }
  return ForwardingController;
}

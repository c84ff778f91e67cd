import {
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { tap, type Observable } from 'rxjs';
import type { GatewaySession } from '../auth/session';
import { DashboardFiguresCache } from './dashboard-figures-cache';

/**
 * Once the service has answered a write and before the answer goes out, marks its author: their
 * next dashboard visit computes the figures anew, so they see their change without waiting for
 * its event (which drops everyone's). A failed write changes nothing and marks nothing.
 */
@Injectable()
export class DropsDashboardFigures implements NestInterceptor {
  constructor(private readonly figures: DashboardFiguresCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const author = context.switchToHttp().getRequest<Request & { user?: GatewaySession }>().user;
    return next.handle().pipe(
      tap(() => {
        if (author) this.figures.wrote(author.user._id);
      }),
    );
  }
}

/**
 * On each operation that can move a dashboard figure (the inventory's counts and statuses, the
 * tasks' counts and the latest tasks, PM compliance, open recalls): never on one that changes no
 * figure, whatever its method. A label sheet, a preview (of a recall, an inventory or a safety-test
 * import), discarding a preview, a risk assessment or a task's work details are POSTs and PUTs too,
 * and anyone signed in could repeat them to keep the figures empty, making every visit count the
 * whole inventory and task list again. (A write that changes nothing on a marked operation costs
 * its author's own next visit, and nobody else's.)
 */
export const ChangesDashboardFigures = () => UseInterceptors(DropsDashboardFigures);

import {
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { tap, type Observable } from 'rxjs';
import { DashboardFiguresCache } from './dashboard-figures-cache';

/**
 * Drops the kept dashboard figures once the service has answered a write and before the answer
 * goes out, so the person who made the change sees it on their next visit without waiting for the
 * change's event. A failed write changes nothing and drops nothing.
 */
@Injectable()
export class DropsDashboardFigures implements NestInterceptor {
  constructor(private readonly figures: DashboardFiguresCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    return next.handle().pipe(tap(() => this.figures.changed()));
  }
}

/**
 * On each operation that can move a dashboard figure (the inventory's counts and statuses, the
 * tasks' counts and the latest tasks, PM compliance, open recalls): never on one that changes no
 * figure, whatever its method. A label sheet, a preview (of a recall, an inventory or a safety-test
 * import), discarding a preview, a risk assessment or a task's work details are POSTs and PUTs too,
 * and anyone signed in could repeat them to keep the figures empty, making every visit count the
 * whole inventory and task list again.
 */
export const ChangesDashboardFigures = () => UseInterceptors(DropsDashboardFigures);

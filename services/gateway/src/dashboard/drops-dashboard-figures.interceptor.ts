import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { tap, type Observable } from 'rxjs';
import { DashboardFiguresCache } from './dashboard-figures-cache';

/** Methods that only read: they change no figure. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * On the controllers whose writes change what the dashboard counts (equipment, tasks, plans,
 * recalls, safety tests, the hospital's lists): a write that succeeded drops the kept dashboard
 * figures once the service has answered and before the answer goes out, so the person who made
 * the change sees it on their next visit without waiting for the change's event.
 */
@Injectable()
export class DropsDashboardFigures implements NestInterceptor {
  constructor(private readonly figures: DashboardFiguresCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    if (READS.has(context.switchToHttp().getRequest<Request>().method)) return next.handle();
    return next.handle().pipe(tap(() => this.figures.changed()));
  }
}

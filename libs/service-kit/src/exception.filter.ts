import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { ServiceErrorPayload } from '@caliber/contracts';
import type { Response } from 'express';
import { throwError, type Observable } from 'rxjs';
import { ServiceError } from './service-error';

/**
 * The one place a service turns errors into answers. Over NATS a `ServiceError` travels as its
 * payload; anything else is logged and answered as INTERNAL without leaking its text.
 * On the service's own health port it answers JSON.
 */
@Catch()
export class ServiceExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ServiceExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): Observable<never> | undefined {
    const payload = this.toPayload(exception);
    if (host.getType() === 'rpc') return throwError(() => payload);
    const response = host.switchToHttp().getResponse<Response>();
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    response.status(status).json({ statusCode: status, ...payload });
    return undefined;
  }

  private toPayload(exception: unknown): ServiceErrorPayload {
    if (exception instanceof ServiceError) return exception.toPayload();
    if (exception instanceof HttpException) {
      return { code: exception.getStatus() === 404 ? 'NOT_FOUND' : 'INTERNAL', message: exception.message };
    }
    this.logger.error(exception instanceof Error ? exception : String(exception));
    return { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
  }
}

import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { ApiErrorBody, ErrorCode } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { Response } from 'express';
import { httpStatusOf } from './error-status';

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  if (status >= 400 && status < 500) return 'VALIDATION_FAILED';
  return 'INTERNAL';
}

/** Every error answer of the gateway is `{statusCode, code, message}` JSON; nothing leaks a stack. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.retryAfterSeconds !== undefined)
      response.setHeader('Retry-After', String(body.retryAfterSeconds));
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ApiErrorBody {
    if (exception instanceof ServiceError) {
      const body: ApiErrorBody = { statusCode: httpStatusOf(exception.code), ...exception.toPayload() };
      if (body.statusCode >= 500) this.logger.warn({ code: body.code, message: body.message });
      return body;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const answer = exception.getResponse();
      const message =
        status === 404
          ? 'There is no such API route.'
          : typeof answer === 'object' &&
              answer !== null &&
              typeof (answer as { message?: unknown }).message === 'string'
            ? (answer as { message: string }).message
            : exception.message;
      return { statusCode: status, code: codeForStatus(status), message };
    }
    this.logger.error(exception instanceof Error ? exception : String(exception));
    return {
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    };
  }
}

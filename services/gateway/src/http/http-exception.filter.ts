import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { ApiErrorBody } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { Response } from 'express';
import { errorCodeOfStatus, httpStatusOf } from './error-status';
import { sendError } from './request-id';

/**
 * An error raised by Express or its body parser (the `http-errors` shape): a 4xx status and a
 * message written for the client (`expose`).
 */
interface ClientHttpError {
  status: number;
  message: string;
  expose?: boolean;
}

function isClientHttpError(error: unknown): error is ClientHttpError {
  if (typeof error !== 'object' || error === null) return false;
  const { status, message } = error as { status?: unknown; message?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && typeof message === 'string';
}

/**
 * Every error answer of the gateway is `{statusCode, code, message, requestId}` JSON; nothing
 * leaks a stack.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.retryAfterSeconds !== undefined)
      response.setHeader('Retry-After', String(body.retryAfterSeconds));
    sendError(response, body);
  }

  toBody(exception: unknown): ApiErrorBody {
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
      return { statusCode: status, code: errorCodeOfStatus(status), message };
    }
    if (isClientHttpError(exception)) {
      return {
        statusCode: exception.status,
        code: errorCodeOfStatus(exception.status),
        message: exception.expose === false ? 'The request could not be read.' : exception.message,
      };
    }
    this.logger.error(exception instanceof Error ? exception : String(exception));
    return {
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    };
  }
}

import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import type { LogLevel } from './config';
import { logContext } from './telemetry/propagation';

/**
 * Paths that must never reach a log in full: session tokens, codes and phone numbers.
 * The development SMS outbox is the one place a code is written out.
 */
export const REDACTED_PATHS = [
  'otp',
  'token',
  'code',
  'phoneNumber',
  'authorization',
  '*.otp',
  '*.token',
  '*.code',
  '*.phoneNumber',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
];

/**
 * A process's logger. Each line written while serving a request names it (`requestId`, and
 * `traceId`/`spanId` when tracing is on), whichever process writes it, so one grep finds a
 * request's lines in every process's log.
 */
export function createLogger(service: string, level: LogLevel): Logger {
  return pino({
    level,
    base: { service },
    mixin: logContext,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}

/** Masks all but the last four digits of a phone number, for logs and answers. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}

function splitContext(params: unknown[]): { context: string | undefined; rest: unknown[] } {
  const last = params[params.length - 1];
  if (typeof last === 'string' && params.length > 0) return { context: last, rest: params.slice(0, -1) };
  return { context: undefined, rest: params };
}

/** Nest's logger interface over pino, so framework messages come out as the same JSON lines. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    params: unknown[],
  ) {
    const { context, rest } = splitContext(params);
    const fields: Record<string, unknown> = {};
    if (context) fields['context'] = context;
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
      return;
    }
    if (level === 'error' && typeof rest[0] === 'string') fields['stack'] = rest[0];
    if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, ...(message as Record<string, unknown>) });
      return;
    }
    this.logger[level](fields, String(message));
  }

  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }
}

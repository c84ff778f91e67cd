import { HttpException, MethodNotAllowedException, UnsupportedMediaTypeException } from '@nestjs/common';
import { ServiceError } from '@caliber/service-kit';
import { errorCodeOfStatus, httpStatusOf, STATUSES_WITH_OWN_CODE } from './error-status';
import { HttpExceptionFilter } from './http-exception.filter';

describe('the gateway error answer', () => {
  const filter = new HttpExceptionFilter();

  it('gives each 4xx its own code, not VALIDATION_FAILED', () => {
    expect(filter.toBody(new MethodNotAllowedException('Use GET here.'))).toEqual({
      statusCode: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: 'Use GET here.',
    });
    expect(filter.toBody(new UnsupportedMediaTypeException('Send JSON.'))).toMatchObject({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(filter.toBody(new HttpException('Teapot', 418))).toMatchObject({
      statusCode: 418,
      code: 'CLIENT_ERROR',
    });
  });

  it('answers an Express or body-parser error with its 4xx status, not 500', () => {
    const aborted = Object.assign(new Error('request aborted'), { status: 400, expose: true });
    expect(filter.toBody(aborted)).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: 'request aborted',
    });
    const hidden = Object.assign(new Error('internal detail'), { status: 415, expose: false });
    expect(filter.toBody(hidden)).toEqual({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The request could not be read.',
    });
  });

  it('keeps a service refusal and hides what went wrong inside', () => {
    expect(filter.toBody(new ServiceError('CONFLICT', 'Taken.'))).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
    });
    expect(filter.toBody(new Error('secret stack'))).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
  });

  it('maps every status with a code of its own back to that status', () => {
    for (const status of STATUSES_WITH_OWN_CODE) expect(httpStatusOf(errorCodeOfStatus(status))).toBe(status);
  });
});

import { ApiError, apiErrorOf, errorMessage } from './api-client';

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers });

describe('the message a screen shows for a failed call', () => {
  it('adds a reference line with the request id to a failure on the server’s side', () => {
    const error = apiErrorOf(answer(500), {
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
      requestId: 'c0ffee00-1234',
    });
    expect(errorMessage(error, 'Failed to save')).toBe(
      'Something went wrong on our side. Please try again.\nReference: c0ffee00-1234',
    );
  });

  it('takes the id from the header when the body is not ours (a proxy’s page)', () => {
    const error = apiErrorOf(answer(502, { 'x-request-id': 'proxy-req-1' }), null);
    expect(errorMessage(error, 'Failed to save')).toBe('Failed to save\nReference: proxy-req-1');
  });

  it('shows a refusal’s message exactly as the server wrote it, with no reference', () => {
    const error = apiErrorOf(answer(404), {
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Task not found.',
      requestId: 'req-404-aa',
    });
    expect(error.requestId).toBe('req-404-aa');
    expect(errorMessage(error, 'Failed')).toBe('Task not found.');
  });

  it('has no reference line when no id was given, or when there was no answer', () => {
    expect(errorMessage(apiErrorOf(answer(503), null), 'Failed to load')).toBe('Failed to load');
    expect(errorMessage(new ApiError('The server cannot be reached.', 0), 'Failed')).toBe(
      'The server cannot be reached.',
    );
    expect(errorMessage(new Error('boom'), 'Failed')).toBe('Failed');
  });

  it('ignores an id of the wrong type in a body', () => {
    const error = apiErrorOf(answer(500), { message: 'Broken.', requestId: 42 });
    expect(errorMessage(error, 'Failed')).toBe('Broken.');
  });

  it('carries the id of the record a 409 says exists, and nothing of another type', () => {
    const body = { statusCode: 409, code: 'CONFLICT', message: 'Already recorded.' };
    expect(apiErrorOf(answer(409), { ...body, existingId: 'rc-1' }).existingId).toBe('rc-1');
    expect(apiErrorOf(answer(409), { ...body, existingId: 7 }).existingId).toBeUndefined();
  });
});

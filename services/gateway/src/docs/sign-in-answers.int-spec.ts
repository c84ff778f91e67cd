import { call } from '@caliber/testing/http';
import { confirmationLinkIn } from '@caliber/testing/outbox';
import { latestOtp, mailsTo, rosterStaff, useSignInStack } from '@caliber/testing/stack';
import { until } from '@caliber/testing/wait';
import { OPERATIONS } from '../api/operations';
import { documentedAnswers } from './documented-answers';

/**
 * The answers the authorization matrix cannot reach with a valid request alike for everyone
 * (sign-in for a rostered person, a real confirmation link), each checked against the served
 * OpenAPI document: a person signs in, asks for their unconfirmed address to be confirmed and
 * opens the link.
 */
describe('Sign-in and e-mail confirmation answers, against the OpenAPI document (real stack)', () => {
  const stack = useSignInStack('sign-in-answers');
  const operation = (operationId: string) => {
    const found = OPERATIONS.find((candidate) => candidate.operationId === operationId);
    if (!found) throw new Error(`No operation ${operationId}`);
    return found;
  };

  it('answers each step as documented', async () => {
    const document = (await (await fetch(`${stack.gateway.url}/api/docs/openapi.json`)).json()) as Record<
      string,
      unknown
    >;
    const documented = documentedAnswers(document);
    const address = `answers.${Date.now().toString(36)}@clinic.example`;
    // An address set on the roster by someone else is not confirmed: its owner asks for a link.
    const staff = await rosterStaff(stack.db, { name: 'Yaa Asantewaa', email: address });
    const problems: string[] = [];
    const check = async (
      operationId: string,
      method: string,
      path: string,
      options: Parameters<typeof call>[3],
      status: number,
    ) => {
      const answer = await call(stack.gateway.url, method, path, options);
      expect(answer.status).toBe(status);
      problems.push(
        ...documented.problems(operation(operationId), answer).map((problem) => `${operationId}: ${problem}`),
      );
      return answer;
    };

    await check(
      'requestOtp',
      'POST',
      '/api/auth/request-otp',
      { body: { serviceNumber: staff.serviceNumber } },
      200,
    );
    const otp = await latestOtp(staff.serviceNumber);
    const signedIn = await check(
      'verifyOtp',
      'POST',
      '/api/auth/verify-otp',
      { body: { serviceNumber: staff.serviceNumber, otp } },
      200,
    );
    const token = String(signedIn.body['token']);
    await check('getCurrentUser', 'GET', '/api/auth/me', { token }, 200);
    await check('sendEmailConfirmation', 'POST', '/api/users/me/email/confirmation', { token }, 200);
    let link: string | undefined;
    await until(
      async () => {
        link = confirmationLinkIn((await mailsTo(address)).at(-1)?.text ?? '');
        return link !== undefined;
      },
      { timeoutMs: 5000, what: `a confirmation link for ${address}` },
    );
    const linkToken = new URL(link ?? '').searchParams.get('token') ?? '';
    await check('confirmEmail', 'POST', '/api/auth/confirm-email', { body: { token: linkToken } }, 200);
    expect(problems).toEqual([]);
  });
});

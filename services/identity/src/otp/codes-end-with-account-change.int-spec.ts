import type { Role, UserDto } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import {
  latestOtp,
  rosterStaff,
  signIn,
  skipResendPause,
  uniqueServiceNumber,
  useSignInStack,
} from '@caliber/testing/stack';

/**
 * A sign-in code is bound to the account as it was when the code was sent: the phone it went to,
 * the account being active, the role. An Admin who changes any of these (a lost phone, a person
 * leaving, a new role), on the Users screen or through a roster import, ends the codes still
 * waiting, in the same transaction: a code read off the old phone minutes earlier opens no session.
 */
describe('Pending sign-in codes end with a phone, activity or role change (real stack)', () => {
  const stack = useSignInStack('codes-end', {
    RATE_LIMIT_OTP_REQUESTS_PER_ADDRESS: '1000',
    RATE_LIMIT_OTP_VERIFY_PER_ADDRESS: '1000',
  });
  const tokens = new Map<'admin', string>();

  beforeAll(async () => {
    const admin = await rosterStaff(stack.db, { role: 'Admin', name: 'Admin Codes' });
    tokens.set('admin', await signIn(stack.gateway.url, admin.serviceNumber));
  });

  const admin = {
    put: (path: string, body: unknown) =>
      call<UserDto & { message?: string }>(stack.gateway.url, 'PUT', `/api${path}`, {
        token: tokens.get('admin'),
        body,
      }),
    delete: (path: string) =>
      call(stack.gateway.url, 'DELETE', `/api${path}`, { token: tokens.get('admin') }),
    importFile: (lines: string[]) =>
      call<{ applied: { added: number; changed: number } }>(
        stack.gateway.url,
        'POST',
        '/api/users/import?fileName=roster.csv',
        {
          token: tokens.get('admin'),
          rawBody: ['Service Number,Full Name,Phone,Role,Department,Active', ...lines].join('\n'),
          contentType: 'text/csv',
        },
      ),
  };

  /** A person with a code sent to their phone and not yet used: the code, and how to try it. */
  async function codeSent(role: Role = 'Technician') {
    const person = await rosterStaff(stack.db, {
      role,
      name: 'Kojo Codes',
      phoneNumber: '+15550100611',
      serviceNumber: uniqueServiceNumber('CODE'),
    });
    const asked = await call(stack.gateway.url, 'POST', '/api/auth/request-otp', {
      body: { serviceNumber: person.serviceNumber },
    });
    expect(asked.status).toBe(200);
    const otp = await latestOtp(person.serviceNumber);
    const verify = () =>
      call<{ token?: string; code?: string; message?: string }>(
        stack.gateway.url,
        'POST',
        '/api/auth/verify-otp',
        { body: { serviceNumber: person.serviceNumber, otp } },
      );
    return { person, otp, verify };
  }

  const WITHDRAWN = {
    status: 422,
    code: 'OTP_WITHDRAWN',
    message: 'This code no longer works: your account was changed after it was sent. Ask for a new code.',
  };
  const refusalOf = (answer: { status: number; body: { code?: string; message?: string } }) => ({
    status: answer.status,
    code: answer.body.code,
    message: answer.body.message,
  });

  it('a code sent to the old phone opens no session once an Admin changes the phone (the Users screen)', async () => {
    const { person, verify } = await codeSent();
    const changed = await admin.put(`/users/${person.id}`, { phoneNumber: '+15550100612' });
    expect(changed.status).toBe(200);
    expect(refusalOf(await verify())).toEqual(WITHDRAWN);

    // The person asks again at once (no resend pause: nothing reached the new phone), and the new
    // code, sent to the new phone, signs in.
    const token = await signIn(stack.gateway.url, person.serviceNumber);
    expect(token).toEqual(expect.any(String));
    const [sent] = (await stack.db.query(
      `SELECT "withdrawn_reason" FROM "identity"."otp_challenges" WHERE "user_id" = $1 ORDER BY "created_at" LIMIT 1`,
      [person.id],
    )) as { withdrawn_reason: string }[];
    expect(sent?.withdrawn_reason).toBe('phone-changed');
  });

  it('a code sent to the old phone opens no session once a roster import changes the phone', async () => {
    const { person, verify } = await codeSent();
    const imported = await admin.importFile([
      `${person.serviceNumber},Kojo Codes,+1 555 010 0613,Technician,TSEU,Yes`,
    ]);
    expect(imported.status).toBe(200);
    expect(imported.body.applied).toEqual({ added: 0, changed: 1 });
    expect(refusalOf(await verify())).toEqual(WITHDRAWN);
  });

  it('a code sent before a deactivation opens no session after the account is made active again', async () => {
    const { person, verify } = await codeSent();
    expect((await admin.put(`/users/${person.id}`, { isActive: false })).status).toBe(200);
    expect(refusalOf(await verify())).toMatchObject({ status: 403, code: 'ACCOUNT_INACTIVE' });
    expect((await admin.put(`/users/${person.id}`, { isActive: true })).status).toBe(200);
    expect(refusalOf(await verify())).toEqual(WITHDRAWN);
  });

  it('a code sent before a role change opens no session (the Users screen and a roster import)', async () => {
    const screen = await codeSent('Technician');
    expect((await admin.put(`/users/${screen.person.id}`, { role: 'Engineer' })).status).toBe(200);
    expect(refusalOf(await screen.verify())).toEqual(WITHDRAWN);

    const file = await codeSent('Technician');
    const imported = await admin.importFile([
      `${file.person.serviceNumber},Kojo Codes,+1 555 010 0611,Engineer,TSEU,Yes`,
    ]);
    expect(imported.body.applied).toEqual({ added: 0, changed: 1 });
    expect(refusalOf(await file.verify())).toEqual(WITHDRAWN);
  });

  it('a code sent before a deletion opens no session, even for a newcomer given the same service number', async () => {
    const { person, verify } = await codeSent();
    expect((await admin.delete(`/users/${person.id}`)).status).toBe(200);
    expect(refusalOf(await verify())).toMatchObject({ status: 404, code: 'STAFF_NOT_ROSTERED' });
    await rosterStaff(stack.db, { serviceNumber: person.serviceNumber, phoneNumber: '+15550100611' });
    expect(refusalOf(await verify())).toMatchObject({ status: 422, code: 'OTP_NOT_REQUESTED' });
  });

  it('a change that touches none of these leaves the code working', async () => {
    const { person, verify } = await codeSent();
    expect(
      (await admin.put(`/users/${person.id}`, { name: 'Kojo K. Codes', department: 'ICU' })).status,
    ).toBe(200);
    // The same number written another way is the same phone (stored in E.164): nothing ends.
    expect((await admin.put(`/users/${person.id}`, { phoneNumber: '(555) 010-0611' })).status).toBe(200);
    const answer = await verify();
    expect(answer.status).toBe(200);
    expect(answer.body.token).toEqual(expect.any(String));
  });

  it('ends only the codes still waiting: a used or an expired code is left as it was', async () => {
    const person = await rosterStaff(stack.db, { name: 'Abena Codes', phoneNumber: '+15550100615' });
    await signIn(stack.gateway.url, person.serviceNumber);
    await skipResendPause(stack.db, person.id);
    const asked = await call(stack.gateway.url, 'POST', '/api/auth/request-otp', {
      body: { serviceNumber: person.serviceNumber },
    });
    expect(asked.status).toBe(200);
    await stack.db.query(
      `UPDATE "identity"."otp_challenges" SET "expires_at" = now() - interval '1 second'
        WHERE "user_id" = $1 AND "consumed_at" IS NULL`,
      [person.id],
    );
    expect((await admin.put(`/users/${person.id}`, { phoneNumber: '+15550100614' })).status).toBe(200);
    const rows = (await stack.db.query(
      `SELECT "consumed_at" IS NOT NULL AS "used", "withdrawn_at" FROM "identity"."otp_challenges"
        WHERE "user_id" = $1 ORDER BY "created_at"`,
      [person.id],
    )) as { used: boolean; withdrawn_at: Date | null }[];
    expect(rows).toEqual([
      { used: true, withdrawn_at: null },
      { used: false, withdrawn_at: null },
    ]);
  });
});

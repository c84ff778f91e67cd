import type { INestApplication } from '@nestjs/common';
import { SMTPServer } from 'smtp-server';
import type { DataSource } from 'typeorm';
import type { ConfirmEmailResponse, MeResponse, UserDto } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { confirmationLinkIn } from '@caliber/testing/outbox';
import {
  identityDataSource,
  mailsTo,
  rosterStaff,
  signIn,
  startGateway,
  startIdentity,
  useSignInStack,
  type RunningGateway,
} from '@caliber/testing/stack';
import { until } from '@caliber/testing/wait';

type Answer = { message?: string; code?: string; retryAfterSeconds?: number };

/** The token of the newest confirmation link mailed to `address` (the development outbox). */
async function newestToken(address: string): Promise<string> {
  let link: string | undefined;
  await until(
    async () => {
      link = confirmationLinkIn((await mailsTo(address)).at(-1)?.text ?? '');
      return link !== undefined;
    },
    { timeoutMs: 5000, what: `a confirmation link for ${address}` },
  );
  return new URL(link ?? '').searchParams.get('token') ?? '';
}

/**
 * A person's e-mail address, through the gateway against the real identity service: a change they
 * make is confirmed by a link mailed to the new address (read here from the development mail
 * outbox), the old address stays until then, and every way a link can fail says so.
 */
describe('Confirming a new e-mail address (real stack)', () => {
  const stack = useSignInStack('email-confirmation');
  let tag = 0;
  const fresh = (name: string) => `${name}.${Date.now().toString(36)}.${(tag += 1)}@clinic.example`;

  async function person(overrides: Parameters<typeof rosterStaff>[1] = {}) {
    const staff = await rosterStaff(stack.db, { name: 'Ama Owusu', ...overrides });
    const token = await signIn(stack.gateway.url, staff.serviceNumber);
    const as = <T>(method: string, path: string, body?: unknown) =>
      call<T & Answer>(stack.gateway.url, method, `/api${path}`, { token, body });
    return {
      staff,
      token,
      save: (name: string, email: string) => as<MeResponse>('PUT', '/users/me', { name, email }),
      sendAgain: () => as<MeResponse>('POST', '/users/me/email/confirmation'),
      cancel: () => as<MeResponse>('DELETE', '/users/me/email/pending'),
      me: async () => (await as<MeResponse>('GET', '/auth/me')).body.user,
    };
  }
  /** Opens a link: no session, as on a phone that never signed in. */
  const confirm = (token: string) =>
    call<ConfirmEmailResponse & Answer>(stack.gateway.url, 'POST', '/api/auth/confirm-email', {
      body: { token },
    });
  const allowMail = (userId: string) =>
    stack.db.query(
      `UPDATE "identity"."email_changes" SET "created_at" = "created_at" - interval '2 minutes' WHERE "user_id" = $1`,
      [userId],
    );
  const audit = async (userId: string) =>
    (await stack.db.query(
      `SELECT "action", "changes" FROM "identity"."audit_log" WHERE "entity_id" = $1 ORDER BY "id"`,
      [userId],
    )) as { action: string; changes: Record<string, { from: unknown; to: unknown }> }[];

  it('keeps the old address in force and mails the new one a link; opening it, signed in or not, swaps it in', async () => {
    const old = fresh('ama.old');
    const next = fresh('ama.new');
    const ama = await person({ email: old });
    const saved = await ama.save('Ama K. Owusu', next);
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({
      name: 'Ama K. Owusu',
      email: old,
      emailConfirmed: false,
      pendingEmail: next,
    });
    expect(await mailsTo(old)).toEqual([]);
    const [mail] = await mailsTo(next);
    expect(mail?.subject).toBe('Caliber: confirm your e-mail address');
    expect(mail?.text).toContain(`for the staff account ${ama.staff.serviceNumber}`);
    expect(mail?.text).not.toContain('Owusu');
    expect(confirmationLinkIn(mail?.text ?? '')).toMatch(
      /^http:\/\/localhost:5000\/confirm-email\?token=[A-Za-z0-9_-]{43}$/,
    );
    const token = await newestToken(next);
    // The token is kept only as its hash.
    const stored = (await stack.db.query(
      `SELECT "token_hash", "state" FROM "identity"."email_changes" WHERE "user_id" = $1`,
      [ama.staff.id],
    )) as { token_hash: string; state: string }[];
    expect(stored).toEqual([{ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), state: 'pending' }]);
    expect(JSON.stringify(stored)).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      email: next,
      message: `Your e-mail address is now ${next}. Reports you ask for may be e-mailed to it.`,
    });
    expect(await ama.me()).toMatchObject({ email: next, emailConfirmed: true, pendingEmail: null });
    expect((await audit(ama.staff.id)).slice(-2)).toEqual([
      {
        action: 'profile-updated',
        changes: {
          name: { from: 'Ama Owusu', to: 'Ama K. Owusu' },
          pendingEmail: { from: null, to: next },
        },
      },
      {
        action: 'email-confirmed',
        changes: { email: { from: old, to: next }, pendingEmail: { from: next, to: null } },
      },
    ]);
    // The link works once.
    const again = await confirm(token);
    expect([again.status, again.body.code, again.body.message]).toEqual([
      410,
      'GONE',
      'This confirmation link has been used already: the address it confirmed is in force. Nothing more to do.',
    ]);
  });

  it('says when a link has expired, is unknown or incomplete, and changes nothing', async () => {
    const old = fresh('yaw.old');
    const next = fresh('yaw.new');
    const yaw = await person({ email: old });
    await yaw.save('Yaw Mensah', next);
    const token = await newestToken(next);
    await stack.db.query(
      `UPDATE "identity"."email_changes" SET "expires_at" = now() - interval '1 second' WHERE "user_id" = $1`,
      [yaw.staff.id],
    );
    const expired = await confirm(token);
    expect([expired.status, expired.body.message]).toEqual([
      410,
      'This confirmation link has expired: links work for 24 hours. Have a new one sent from Settings (Profile, Send again).',
    ]);
    const unknown = await confirm('x'.repeat(43));
    expect([unknown.status, unknown.body.message]).toEqual([
      404,
      'This confirmation link is not known. Open the newest confirmation e-mail, or have a new one sent from Settings.',
    ]);
    const cut = await confirm(token.slice(0, 30));
    expect([cut.status, cut.body.message]).toEqual([
      400,
      'This confirmation link is incomplete. Open the whole link from the e-mail, or copy all of it into the address bar.',
    ]);
    expect(await yaw.me()).toMatchObject({ email: old, pendingEmail: next });

    // Send again: a new link, which works; the expired one stays refused.
    await allowMail(yaw.staff.id);
    expect((await yaw.sendAgain()).status).toBe(200);
    const second = await newestToken(next);
    expect(second).not.toBe(token);
    expect((await confirm(second)).status).toBe(200);
    expect(await yaw.me()).toMatchObject({ email: next, emailConfirmed: true });
  });

  it('a newer change replaces the pending one; cancelling ends it; the address in force stays throughout', async () => {
    const old = fresh('efua.old');
    const first = fresh('efua.first');
    const second = fresh('efua.second');
    const efua = await person({ email: old });
    await efua.save('Efua Boateng', first);
    const firstToken = await newestToken(first);
    await allowMail(efua.staff.id);
    expect((await efua.save('Efua Boateng', second)).body.user).toMatchObject({
      email: old,
      pendingEmail: second,
    });
    const replaced = await confirm(firstToken);
    expect([replaced.status, replaced.body.message]).toEqual([
      410,
      'This confirmation link was replaced: a newer link was sent, or the address was changed since. Open the newest confirmation e-mail, or have a new one sent from Settings.',
    ]);
    // The pending address saved again sends nothing and changes nothing.
    const mails = (await mailsTo(second)).length;
    expect((await efua.save('Efua Boateng', second)).status).toBe(200);
    expect(await mailsTo(second)).toHaveLength(mails);

    const secondToken = await newestToken(second);
    const cancelled = await efua.cancel();
    expect(cancelled.body.user).toMatchObject({ email: old, pendingEmail: null });
    const afterCancel = await confirm(secondToken);
    expect([afterCancel.status, afterCancel.body.message]).toEqual([
      410,
      'This e-mail change was cancelled. To use the address, enter it again in Settings and save: a new link is sent.',
    ]);
    expect(await efua.me()).toMatchObject({ email: old, pendingEmail: null });

    // The address in force entered while a change is pending takes the change back, too.
    await allowMail(efua.staff.id);
    await efua.save('Efua Boateng', first);
    const back = await efua.save('Efua Boateng', old.toUpperCase());
    expect(back.body.user).toMatchObject({ email: old, pendingEmail: null });
    expect((await confirm(await newestToken(first))).status).toBe(410);
  });

  it('an address set by someone else is not confirmed until its owner opens a link; a change by an Engineer ends a pending one', async () => {
    const engineer = await person({ role: 'Engineer', name: 'Kwame Engineer' });
    const set = fresh('kofi.set');
    const kofi = await person({ name: 'Kofi Darko' });
    const edited = await call<UserDto>(stack.gateway.url, 'PUT', `/api/users/${kofi.staff.id}`, {
      token: engineer.token,
      body: { email: set },
    });
    expect(edited.body).toMatchObject({ email: set, emailConfirmed: false, pendingEmail: null });
    // Kofi has it mailed a link from Settings, and opens it.
    const sent = await kofi.sendAgain();
    expect(sent.body.user).toMatchObject({ email: set, emailConfirmed: false, pendingEmail: set });
    expect((await confirm(await newestToken(set))).status).toBe(200);
    expect(await kofi.me()).toMatchObject({ email: set, emailConfirmed: true, pendingEmail: null });
    const nothing = await kofi.sendAgain();
    expect([nothing.status, nothing.body.message]).toEqual([
      409,
      `Your e-mail address ${set} is confirmed already: there is nothing to confirm.`,
    ]);

    // Kofi asks for another address; the Engineer then sets a third: it is not confirmed, and
    // Kofi's pending change ends with it (its link no longer works).
    await allowMail(kofi.staff.id);
    const wanted = fresh('kofi.wanted');
    await kofi.save('Kofi Darko', wanted);
    const wantedToken = await newestToken(wanted);
    const third = fresh('kofi.third');
    await call(stack.gateway.url, 'PUT', `/api/users/${kofi.staff.id}`, {
      token: engineer.token,
      body: { email: third },
    });
    expect(await kofi.me()).toMatchObject({ email: third, emailConfirmed: false, pendingEmail: null });
    expect((await confirm(wantedToken)).status).toBe(410);
  });

  it('sends at most one confirmation a minute and five a day per person, saving nothing when it refuses', async () => {
    const abena = await person({ email: null, name: 'Abena Addo' });
    expect((await abena.save('Abena Addo', fresh('abena.1'))).status).toBe(200);
    const soon = await abena.save('Abena K. Addo', fresh('abena.2'));
    expect(soon.status).toBe(429);
    expect(soon.body.message).toMatch(
      /^A confirmation was e-mailed less than a minute ago\. Wait \d+ seconds? before asking for another\.$/,
    );
    expect(soon.body.retryAfterSeconds).toBeGreaterThan(0);
    expect((await abena.sendAgain()).status).toBe(429);
    expect((await abena.me()).name).toBe('Abena Addo');
    for (let sent = 2; sent <= 5; sent += 1) {
      await allowMail(abena.staff.id);
      expect((await abena.save('Abena Addo', fresh(`abena.${sent}`))).status).toBe(200);
    }
    await allowMail(abena.staff.id);
    const sixth = fresh('abena.6');
    const daily = await abena.save('Abena Addo', sixth);
    expect([daily.status, daily.body.message]).toEqual([
      429,
      '5 confirmation e-mails were sent for you in the last 24 hours, the most allowed. Try again in 24 hours.',
    ]);
    expect(await mailsTo(sixth)).toEqual([]);
  });

  it("refuses another person's address when asked for, and when two race to confirm one, one wins and the other is told", async () => {
    const taken = fresh('shared.desk');
    await rosterStaff(stack.db, { email: taken });
    const esi = await person({ name: 'Esi Quaye' });
    const refused = await esi.save('Esi Quaye', taken.toUpperCase());
    expect([refused.status, refused.body.message]).toEqual([
      409,
      `The e-mail address ${taken.toUpperCase()} is already in use.`,
    ]);

    const contested = fresh('contested');
    const first = await person({ name: 'Nana Ofori' });
    const second = await person({ name: 'Fiifi Arthur' });
    expect((await first.save('Nana Ofori', contested)).status).toBe(200);
    const firstToken = await newestToken(contested);
    expect((await second.save('Fiifi Arthur', contested)).status).toBe(200);
    const secondToken = await newestToken(contested);
    expect(secondToken).not.toBe(firstToken);
    const answers = await Promise.all([confirm(firstToken), confirm(secondToken)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409);
    expect(loser?.body.message).toBe(
      `${contested} has just been confirmed as someone else's address, and one address belongs to one person. Choose another in Settings.`,
    );
    const holders = (await stack.db.query(`SELECT "id" FROM "identity"."users" WHERE lower("email") = $1`, [
      contested,
    ])) as { id: string }[];
    expect(holders).toHaveLength(1);
  });

  it('refuses a link of a deactivated account', async () => {
    const next = fresh('leaving');
    const leaving = await person({ name: 'Kojo Appiah' });
    await leaving.save('Kojo Appiah', next);
    const token = await newestToken(next);
    await stack.db.query(`UPDATE "identity"."users" SET "is_active" = false WHERE "id" = $1`, [
      leaving.staff.id,
    ]);
    const answer = await confirm(token);
    expect([answer.status, answer.body.message]).toEqual([
      403,
      'This account has been deactivated, so its e-mail address cannot be changed. Contact your administrator.',
    ]);
    // Reactivated within the link's day: the link mailed before the deactivation stays ended.
    await stack.db.query(`UPDATE "identity"."users" SET "is_active" = true WHERE "id" = $1`, [
      leaving.staff.id,
    ]);
    const again = await confirm(token);
    expect([again.status, again.body.message]).toEqual([
      410,
      'This e-mail change was cancelled. To use the address, enter it again in Settings and save: a new link is sent.',
    ]);
    const [row] = (await stack.db.query(`SELECT "pending_email" FROM "identity"."users" WHERE "id" = $1`, [
      leaving.staff.id,
    ])) as { pending_email: string | null }[];
    expect(row?.pending_email).toBeNull();
  });
});

/** Identity on a mail server that refuses: nothing is saved, and the person may try again at once. */
describe('A confirmation the mail server refuses (real SMTP)', () => {
  let smtp: SMTPServer;
  let db: DataSource;
  let identity: INestApplication;
  let gateway: RunningGateway;
  const received: string[] = [];
  let refuse = true;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onRcptTo(_address, _session, callback) {
        callback(refuse ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined);
      },
      onData(stream, _session, callback) {
        const parts: Buffer[] = [];
        stream.on('data', (part: Buffer) => parts.push(part));
        stream.on('end', () => {
          received.push(Buffer.concat(parts).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    db = await identityDataSource();
    identity = await startIdentity({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://cmms.hospital.example/',
    });
    gateway = await startGateway({ REDIS_KEY_PREFIX: `email-smtp-${Date.now()}` });
  });
  afterAll(async () => {
    await gateway.app.close();
    await identity.close();
    await db.destroy();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('answers 503 and saves nothing; once the server accepts, the link points at PUBLIC_URL', async () => {
    const staff = await rosterStaff(db, { name: 'Adjoa Sarpong', email: null });
    const token = await signIn(gateway.url, staff.serviceNumber);
    const save = () =>
      call<MeResponse & Answer>(gateway.url, 'PUT', '/api/users/me', {
        token,
        body: { name: 'Adjoa K. Sarpong', email: 'adjoa@clinic.example' },
      });
    const failed = await save();
    expect([failed.status, failed.body.message]).toEqual([
      503,
      'The confirmation could not be e-mailed to adjoa@clinic.example just now, so nothing was changed. Try again in a minute.',
    ]);
    const me = await call<MeResponse>(gateway.url, 'GET', '/api/auth/me', { token });
    expect(me.body.user).toMatchObject({ name: 'Adjoa Sarpong', pendingEmail: null });
    refuse = false;
    // The mail that never left does not count against the person's limit: they try again at once.
    expect((await save()).body.user).toMatchObject({
      name: 'Adjoa K. Sarpong',
      pendingEmail: 'adjoa@clinic.example',
    });
    const raw = (received.at(-1) ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toMatch(/https:\/\/cmms\.hospital\.example\/confirm-email\?token=[A-Za-z0-9_-]{43}/);
  });
});

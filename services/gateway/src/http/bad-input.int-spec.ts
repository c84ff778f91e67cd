import { call } from '@caliber/testing/http';
import { confirmationLinkIn } from '@caliber/testing/outbox';
import { mailsTo, rosterStaff, signIn, useSignInStack } from '@caliber/testing/stack';

/** Input that cannot be stored or read as sent is a 4xx with a message, never a 5xx or a write. */
describe('Bad input through the gateway (real PostgreSQL, NATS, Redis)', () => {
  const stack = useSignInStack('bad-input');

  async function engineer() {
    const staff = await rosterStaff(stack.db, { role: 'Engineer', name: 'Ama Mensah' });
    return { staff, token: await signIn(stack.gateway.url, staff.serviceNumber) };
  }

  const nameOf = async (id: string) =>
    (
      (await stack.db.query(`SELECT "name" FROM "identity"."users" WHERE "id" = $1`, [id])) as {
        name: string;
      }[]
    )[0]?.name;

  async function rawPut(token: string, path: string, body: Buffer, headers: Record<string, string> = {}) {
    const response = await fetch(`${stack.gateway.url}/api${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: new Uint8Array(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('refuses a NUL character or an unpaired surrogate in any string or key of a body, changing nothing', async () => {
    const { staff, token } = await engineer();
    for (const body of [
      { name: 'Ama\u0000 Mensah', email: '' },
      { name: 'Ama Mensah', 'e\u0000mail': '' },
      // Valid JSON ("\ud800"), valid UTF-8 bytes, but no text: jsonb refused it with a 500.
      { name: 'Ama \uD800 Mensah', email: '' },
    ]) {
      const answer = await call(stack.gateway.url, 'PUT', '/api/users/me', { token, body });
      expect(answer.status).toBe(400);
      expect(answer.body['message']).toMatch(/text must not contain NUL characters/);
    }
    expect(await nameOf(staff.id)).toBe('Ama Mensah');
  });

  it('refuses a body whose bytes are not UTF-8, rather than storing replacement characters', async () => {
    const { staff, token } = await engineer();
    const broken = Buffer.concat([
      Buffer.from('{"name":"Ama '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('","email":""}'),
    ]);
    const answer = await rawPut(token, '/users/me', broken);
    expect(answer).toEqual({
      status: 400,
      body: expect.objectContaining({ message: 'The request body is not valid UTF-8.' }) as unknown,
    });
    expect(await nameOf(staff.id)).toBe('Ama Mensah');
  });

  it('refuses an address with a NUL or bytes that are not UTF-8, in the query or the path', async () => {
    const { token } = await engineer();
    for (const path of [
      '/api/equipment?q=%00',
      '/api/equipment?q=%FF%FE',
      '/api/equipment/%00',
      '/api/equipment/%E0%A4',
    ]) {
      const answer = await call(stack.gateway.url, 'GET', path, { token });
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.body['message']).toBe(
        'The address contains characters that are not valid text (bad UTF-8 or a NUL).',
      );
    }
  });

  it('refuses an unknown Content-Encoding, a body that is not JSON, and malformed JSON', async () => {
    const { token } = await engineer();
    const json = Buffer.from('{"name":"Ama Mensah","email":""}');
    expect((await rawPut(token, '/users/me', json, { 'content-encoding': 'compress' })).status).toBe(415);
    // Said to be gzip, but is not: refused, whichever 4xx the parser picks.
    const notGzip = await rawPut(token, '/users/me', json, { 'content-encoding': 'gzip' });
    expect(notGzip.status >= 400 && notGzip.status < 500).toBe(true);
    expect(typeof notGzip.body['message']).toBe('string');
    const text = await call(stack.gateway.url, 'PUT', '/api/users/me', { token, rawBody: 'name=Ama' });
    expect(text.status).toBe(415);
    const malformed = await rawPut(token, '/users/me', Buffer.from('{"name": "Ama",'));
    expect(malformed).toEqual({
      status: 400,
      body: expect.objectContaining({ message: 'The request body is not valid JSON.' }) as unknown,
    });
  });

  it('answers 409 to the second of two people confirming the same e-mail at the same moment', async () => {
    const email = `same-${Date.now()}@hospital.example`;
    for (let round = 0; round < 5; round += 1) {
      const address = `${round}-${email}`;
      // Saved at once by both: each is pending (a pending address holds nothing), each mailed a link.
      const people = [await engineer(), await engineer()];
      const saved = await Promise.all(
        people.map(({ token }) =>
          call(stack.gateway.url, 'PUT', '/api/users/me', {
            token,
            body: { name: 'Ama Mensah', email: address },
          }),
        ),
      );
      expect(saved.map((answer) => answer.status)).toEqual([200, 200]);
      const tokens = (await mailsTo(address)).map(
        (mail) => new URL(confirmationLinkIn(mail.text) ?? 'http://x/').searchParams.get('token') ?? '',
      );
      expect(tokens).toHaveLength(2);
      const answers = await Promise.all(
        tokens.map((token) =>
          call(stack.gateway.url, 'POST', '/api/auth/confirm-email', { body: { token } }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const owners = (await stack.db.query(`SELECT 1 FROM "identity"."users" WHERE lower("email") = $1`, [
        address,
      ])) as unknown[];
      expect(owners).toHaveLength(1);
    }
  });
});

import { Controller, Module, type INestApplication, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  ClientProxyFactory,
  MessagePattern,
  Payload,
  Transport,
  type ClientProxy,
} from '@nestjs/microservices';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import type { DataSource } from 'typeorm';
import {
  QUEUE_GROUPS,
  SUBJECTS,
  type ActingUser,
  type CheckSessionResult,
  type EquipmentDto,
  type SignInVoucherClaims,
  type TaskEffect,
  type UserDto,
  type VerifyOtpResult,
} from '@caliber/contracts';
import { natsConnectionOptions, natsServerOptions, StatementSigner } from '@caliber/service-kit';
import { call } from './http';
import { equipmentDataSource, startEquipment, startGateway, type RunningGateway } from './stack';
import { testSigner } from './statement-keys';

const nats = () => ({
  servers: [process.env['NATS_URL'] ?? ''],
  user: process.env['NATS_USER'] ?? '',
  pass: process.env['NATS_PASSWORD'] ?? '',
});

const engineer: ActingUser = {
  id: randomUUID(),
  role: 'Engineer',
  name: 'Statement Tester',
  serviceNumber: 'ST-1',
  sessionId: randomUUID(),
};

const newItem = (serialNumber: string) => ({
  data: {
    name: 'Signed Defibrillator',
    serialNumber,
    manufacturer: 'Zoll',
    model: 'R Series',
    department: 'ICU',
    location: 'Bay 2',
    installationDate: '2024-01-01',
    status: 'Serviceable',
    category: 'Defibrillator',
  },
});

/** A signer that claims to be `principal` but holds a key nobody trusts. */
function impostor(principal: 'gateway' | 'identity'): StatementSigner {
  return new StatementSigner(principal, generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey);
}

/**
 * Anything that can publish on NATS is not believed: a service acts only on a statement signed by
 * a principal allowed to send that subject, for that subject and that payload, and takes who acts
 * from it; the gateway signs nobody in without identity's signed voucher.
 */
describe('Signed statements on the bus (real NATS, PostgreSQL)', () => {
  describe('a domain service', () => {
    let equipment: INestApplication;
    let client: ClientProxy;
    let rows: DataSource;

    beforeAll(async () => {
      equipment = await startEquipment();
      rows = await equipmentDataSource();
      // The run's observer: it may publish anywhere, as a compromised process with the
      // permissions of the gateway could.
      client = ClientProxyFactory.create({
        transport: Transport.NATS,
        options: natsConnectionOptions(nats(), 'attacker'),
      });
      await client.connect();
    });
    afterAll(async () => {
      await client.close();
      await rows.destroy();
      await equipment.close();
    });

    const send = (subject: string, message: unknown) => firstValueFrom(client.send(subject, message));
    const serials = (serialNumber: string) =>
      rows.query(`SELECT 1 FROM "equipment"."equipment" WHERE "serial_number" = $1`, [serialNumber]);

    async function refused(message: unknown, why: string, subject: string = SUBJECTS.equipment.create) {
      await expect(send(subject, message)).rejects.toEqual({
        code: 'UNAUTHENTICATED',
        message: `The request was refused: ${why}.`,
      });
    }

    it('refuses a message without a statement, whatever actor its payload names', async () => {
      const serial = `UNSIGNED-${Date.now()}`;
      await refused(
        { actor: { _id: engineer.id, name: 'Admin', role: 'Admin' }, ...newItem(serial) },
        'it carries no signed statement',
      );
      expect(await serials(serial)).toEqual([]);
    });

    it('refuses a statement signed with a key it does not trust', async () => {
      const serial = `FORGED-${Date.now()}`;
      const forged = impostor('gateway').sign(SUBJECTS.equipment.create, newItem(serial), engineer);
      await refused(forged, 'its statement is not valid');
      expect(await serials(serial)).toEqual([]);
    });

    it("refuses a service's own key for what only the gateway sends", async () => {
      const serial = `OWN-KEY-${Date.now()}`;
      const own = testSigner('equipment').sign(SUBJECTS.equipment.create, newItem(serial), engineer);
      await refused(own, 'equipment may not send equipment.create');
      expect(await serials(serial)).toEqual([]);
    });

    it('refuses a statement made for another subject, or another payload', async () => {
      const serial = `REPLAYED-${Date.now()}`;
      const gateway = testSigner('gateway');
      const forList = gateway.sign(SUBJECTS.equipment.list, newItem(serial), engineer);
      await refused(forList, 'its statement is not valid');
      const signed = gateway.sign(SUBJECTS.equipment.create, newItem(serial), engineer);
      const altered = { ...signed, payload: newItem(`${serial}-X`) };
      await refused(altered, 'its statement is for another payload');
      expect(await serials(serial)).toEqual([]);
      expect(await serials(`${serial}-X`)).toEqual([]);
    });

    it('refuses a change whose statement names nobody', async () => {
      const serial = `NOBODY-${Date.now()}`;
      await refused(
        testSigner('gateway').sign(SUBJECTS.equipment.create, newItem(serial)),
        'it does not name who is acting',
      );
      expect(await serials(serial)).toEqual([]);
    });

    /** An item added through a statement of the gateway, for the tests that act on one. */
    async function anItem(prefix: string): Promise<EquipmentDto> {
      const serial = `${prefix}-${Date.now()}`;
      return send(
        SUBJECTS.equipment.create,
        testSigner('gateway').sign(SUBJECTS.equipment.create, newItem(serial), engineer),
      ) as Promise<EquipmentDto>;
    }

    const itemRow = async (id: string) =>
      (
        (await rows.query(
          `SELECT "status", "deleted_at" IS NOT NULL AS "deleted", "version" FROM "equipment"."equipment" WHERE "id" = $1`,
          [id],
        )) as { status: string; deleted: boolean; version: number }[]
      )[0];
    const auditRows = (id: string) =>
      rows.query(
        `SELECT "actor_id", "actor_label", "service", "action" FROM "equipment"."audit_log"
          WHERE "entity_id" = $1 ORDER BY "id"`,
        [id],
      ) as Promise<
        { actor_id: string | null; actor_label: string; service: string | null; action: string }[]
      >;

    it("takes a task's effect only from maintenance: the gateway's and equipment's own statements are refused", async () => {
      const item = await anItem('EFFECT');
      const effect: TaskEffect = {
        taskId: randomUUID(),
        kind: 'reported',
        equipmentId: item._id,
        taskTitle: 'Alarm fails self-test',
        returnToService: true,
      };
      const subject = SUBJECTS.equipment.applyTaskEffect;
      for (const principal of ['gateway', 'equipment'] as const)
        await refused(
          testSigner(principal).sign(subject, effect, engineer),
          `${principal} may not send ${subject}`,
          subject,
        );
      expect(await itemRow(item._id)).toEqual({
        status: 'Serviceable',
        deleted: false,
        version: item.version,
      });
      expect(
        await rows.query(`SELECT 1 FROM "equipment"."task_effects" WHERE "task_id" = $1`, [effect.taskId]),
      ).toEqual([]);

      // The control: the same effect under maintenance's statement is applied, for the person it
      // names, and the audit row says maintenance vouched for them.
      const applied = await send(subject, testSigner('maintenance').sign(subject, effect, engineer));
      expect(applied).toEqual({ applied: true, status: 'Unserviceable' });
      expect(await auditRows(item._id)).toEqual([
        { actor_id: engineer.id, actor_label: engineer.serviceNumber, service: 'gateway', action: 'created' },
        {
          actor_id: engineer.id,
          actor_label: engineer.serviceNumber,
          service: 'maintenance',
          action: 'status-changed',
        },
      ]);
    });

    it("refuses maintenance's own statement on a subject maintenance does not call", async () => {
      const item = await anItem('NOT-CALLED');
      const subject = SUBJECTS.equipment.delete;
      await refused(
        testSigner('maintenance').sign(subject, { id: item._id }, engineer),
        `maintenance may not send ${subject}`,
        subject,
      );
      expect(await itemRow(item._id)).toEqual({
        status: 'Serviceable',
        deleted: false,
        version: item.version,
      });
      expect((await auditRows(item._id)).map((row) => row.action)).toEqual(['created']);
    });

    it("refuses the gateway's statement on a subject only services send (equipment.ref)", async () => {
      const item = await anItem('REF');
      const subject = SUBJECTS.equipment.ref;
      await refused(
        testSigner('gateway').sign(subject, { id: item._id }, engineer),
        `gateway may not send ${subject}`,
        subject,
      );
      // The control: maintenance, which names devices on its tasks, is answered.
      expect(await send(subject, testSigner('maintenance').sign(subject, { id: item._id }))).toMatchObject({
        _id: item._id,
        serialNumber: item.serialNumber,
      });
    });

    it('acts on a valid statement, for the person it names, and audits who vouched', async () => {
      const serial = `SIGNED-${Date.now()}`;
      const created = await send(
        SUBJECTS.equipment.create,
        testSigner('gateway').sign(SUBJECTS.equipment.create, newItem(serial), engineer),
      );
      expect(created).toMatchObject({ serialNumber: serial, createdBy: { name: engineer.name } });
      const audit = (await rows.query(
        `SELECT a."actor_id", a."actor_label", a."service" FROM "equipment"."audit_log" a
           JOIN "equipment"."equipment" e ON e."id"::text = a."entity_id" WHERE e."serial_number" = $1`,
        [serial],
      )) as unknown[];
      expect(audit).toEqual([
        { actor_id: engineer.id, actor_label: engineer.serviceNumber, service: 'gateway' },
      ]);
    });
  });

  describe('the gateway signing someone in', () => {
    let fakeIdentity: INestMicroservice;
    let gateway: RunningGateway;
    let voucher: (user: UserDto) => string = () => '';
    let grant: (query: { sessionId: string; nonce: string }) => string = () => '';

    const person: UserDto = {
      _id: randomUUID(),
      serviceNumber: 'FAKE-1',
      name: 'Nobody Real',
      role: 'Admin',
    } as UserDto;

    /** Answers the code check in identity's place, with whatever voucher the test chooses. */
    @Controller()
    class FakeIdentityController {
      @MessagePattern(SUBJECTS.identity.verifyOtp)
      verify(): VerifyOtpResult {
        return { voucher: voucher(person) };
      }

      /** Answers session checks in identity's place (the gateway's statement is not checked here). */
      @MessagePattern(SUBJECTS.identity.checkSession)
      check(@Payload() data: { payload: { sessionId: string; nonce: string } }): CheckSessionResult {
        return { grant: grant(data.payload) };
      }
    }
    @Module({ controllers: [FakeIdentityController] })
    class FakeIdentityModule {}

    beforeAll(async () => {
      fakeIdentity = await NestFactory.createMicroservice(FakeIdentityModule, {
        ...natsServerOptions(nats(), QUEUE_GROUPS.identity),
        logger: false,
      });
      await fakeIdentity.listen();
      gateway = await startGateway({ REDIS_KEY_PREFIX: `statements-${Date.now()}` });
    });
    afterAll(async () => {
      await gateway.app.close();
      await fakeIdentity.close();
    });

    const claims = (user: UserDto): Omit<SignInVoucherClaims, 'iss' | 'iat' | 'exp'> => ({
      aud: 'gateway:sign-in',
      sub: user._id,
      sid: randomUUID(),
      user,
      sxp: Math.floor(Date.now() / 1000) + 3600,
    });

    async function signInAnswer() {
      return call(gateway.url, 'POST', '/api/auth/verify-otp', {
        body: { serviceNumber: person.serviceNumber, otp: '123456' },
      });
    }

    it('signs in with a voucher signed by identity (the control case)', async () => {
      voucher = (user) => testSigner('identity').token(claims(user), 60);
      const answer = await signInAnswer();
      expect(answer.status).toBe(200);
      expect(answer.body['user']).toMatchObject({ _id: person._id, role: 'Admin' });
    });

    it.each([
      ['without a voucher', () => ''],
      [
        'with a voucher signed by a key nobody trusts',
        (user: UserDto) => impostor('identity').token(claims(user), 60),
      ],
      [
        'with a voucher signed by another service',
        (user: UserDto) => testSigner('equipment').token(claims(user), 60),
      ],
      [
        "with identity's signature on something else (a session grant)",
        (user: UserDto) => testSigner('identity').token({ ...claims(user), aud: 'gateway:session' }, 60),
      ],
    ])('issues no session for an answer %s', async (_case, make) => {
      voucher = make;
      const answer = await signInAnswer();
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ message: 'The sign-in could not be confirmed. Please try again.' });
      expect(answer.body['token']).toBeUndefined();
    });

    it('acts on no session answer but a grant signed by identity for the very question', async () => {
      voucher = (user) => testSigner('identity').token(claims(user), 60);
      const signedIn = await signInAnswer();
      const token = String(signedIn.body['token']);
      const grantFor = (query: { sessionId: string; nonce: string }, role: string) => ({
        aud: 'gateway:session',
        sub: person._id,
        sid: query.sessionId,
        nonce: query.nonce,
        user: { ...person, role },
        sxp: Math.floor(Date.now() / 1000) + 3600,
      });
      const refused = { message: 'The sign-in service could not confirm your session. Please try again.' };

      grant = (query) => impostor('identity').token(grantFor(query, 'Admin'), 60);
      const forged = await call(gateway.url, 'GET', '/api/auth/me', { token });
      expect(forged.status).toBe(503);
      expect(forged.body).toMatchObject(refused);

      grant = (query) =>
        testSigner('identity').token(grantFor({ ...query, nonce: 'an-older-question' }, 'Admin'), 60);
      const replayed = await call(gateway.url, 'GET', '/api/auth/me', { token });
      expect(replayed.status).toBe(503);

      grant = (query) => testSigner('identity').token(grantFor(query, person.role), 60);
      const genuine = await call(gateway.url, 'GET', '/api/auth/me', { token });
      expect(genuine.status).toBe(200);
    });
  });
});

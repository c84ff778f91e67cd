import type { INestApplication } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import { AUDIT_READ_REFUSAL, SUBJECTS, type ActingUser, type AuditChainVerdict } from '@caliber/contracts';
import { natsConnectionOptions } from '@caliber/service-kit';
import { startEquipment, startIdentity } from './stack';
import { testSigner } from './statement-keys';

const person = (role: ActingUser['role']): ActingUser => ({
  id: randomUUID(),
  role,
  name: `${role} Reader`,
  serviceNumber: 'AUD-1',
  sessionId: randomUUID(),
});

/**
 * The services' audit subjects on the real bus: a page only for Engineers, Managers and Admins
 * (whatever the gateway did), the names only for them too, and a chain's check only for the
 * reports service (a service-only subject the gateway may not send).
 */
describe("The services' audit subjects (real NATS, PostgreSQL)", () => {
  const apps: INestApplication[] = [];
  let client: ClientProxy;

  beforeAll(async () => {
    apps.push(await startIdentity(), await startEquipment());
    client = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: natsConnectionOptions(
        {
          servers: [process.env['NATS_URL'] ?? ''],
          user: process.env['NATS_USER'] ?? '',
          pass: process.env['NATS_PASSWORD'] ?? '',
        },
        'audit-subjects-test',
      ),
    });
    await client.connect();
  }, 60_000);
  afterAll(async () => {
    await client.close();
    for (const app of apps.reverse()) await app.close();
  });

  const send = <T>(subject: string, message: unknown) => firstValueFrom(client.send<T>(subject, message));
  const asGateway = (subject: string, payload: unknown, user?: ActingUser) =>
    send(subject, testSigner('gateway').sign(subject, payload, user));

  it('answers a page to a Manager and refuses a Technician, at the service itself', async () => {
    const subject = SUBJECTS.equipment.auditPage;
    await expect(asGateway(subject, { limit: 5 }, person('Manager'))).resolves.toEqual({
      rows: expect.any(Array),
    });
    await expect(asGateway(subject, { limit: 5 }, person('Technician'))).rejects.toEqual({
      code: 'FORBIDDEN',
      message: AUDIT_READ_REFUSAL,
    });
    await expect(
      asGateway(SUBJECTS.identity.auditNames, { ids: [randomUUID()] }, person('Technician')),
    ).rejects.toEqual({ code: 'FORBIDDEN', message: AUDIT_READ_REFUSAL });
    // A page larger than the bound is refused as bad input, not answered.
    await expect(asGateway(subject, { limit: 5000 }, person('Admin'))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it("checks a chain for the reports service only, never for the gateway's statement", async () => {
    const subject = SUBJECTS.equipment.auditVerify;
    await expect(asGateway(subject, {}, person('Admin'))).rejects.toEqual({
      code: 'UNAUTHENTICATED',
      message: `The request was refused: gateway may not send ${subject}.`,
    });
    const verdict = await send<AuditChainVerdict>(
      subject,
      testSigner('reports').sign(subject, {}, person('Engineer')),
    );
    expect(verdict).toMatchObject({
      intact: true,
      firstBreak: null,
      headHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(verdict.headSeq).toBe(verdict.rows);
  });
});

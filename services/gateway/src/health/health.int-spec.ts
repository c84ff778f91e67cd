import type { INestApplication } from '@nestjs/common';
import { DOMAIN_SERVICE_NAMES, type HealthResponse, type PublicHealthResponse } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import {
  identityDataSource,
  rosterStaff,
  signIn,
  startDomainService,
  startEquipment,
  startGateway,
  startIdentity,
  type RunningGateway,
} from '@caliber/testing/stack';
import { until } from '@caliber/testing/wait';

describe('GET /api/health', () => {
  let gateway: RunningGateway;

  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway.app.close();
  });

  it("keeps idle connections open longer than a proxy or client does (65 s, not Node's 5 s)", async () => {
    const answer = await fetch(`${gateway.url}/api/health`);
    await answer.arrayBuffer();
    expect(answer.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('refuses the probes an address that is not valid text (400), as the document says', async () => {
    for (const path of ['/api/health?probe=%ff', '/api/health/ready?probe=%00']) {
      const refused = await call(gateway.url, 'GET', path);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('tells anyone each part is up, and Engineers and Admins the latencies too', async () => {
    const services: INestApplication[] = [];
    const db = await identityDataSource();
    try {
      for (const name of DOMAIN_SERVICE_NAMES) services.push(await startDomainService(name));
      const names = ['postgres', 'nats', 'redis', ...DOMAIN_SERVICE_NAMES];
      // A service just started takes its first looks of the day (overdue PM, contract renewals)
      // over everything the earlier suites left in the shared database; on two busy cores its
      // answer can miss the 3 s deadline for a moment. Up is what is asserted, not how soon.
      await until(async () => (await call(gateway.url, 'GET', '/api/health')).status === 200, {
        timeoutMs: 30_000,
        intervalMs: 250,
        what: 'every part to answer up',
      });

      const open = await call<PublicHealthResponse>(gateway.url, 'GET', '/api/health');
      expect(open.status).toBe(200);
      expect(open.body).toEqual({
        status: 'ok',
        checks: Object.fromEntries(names.map((name) => [name, { status: 'up' }])),
      });

      const engineer = await signIn(gateway.url, (await rosterStaff(db, { role: 'Engineer' })).serviceNumber);
      const details = await call<HealthResponse>(gateway.url, 'GET', '/api/health/details', {
        token: engineer,
      });
      expect(details.status).toBe(200);
      expect(details.body).toMatchObject({ status: 'ok', version: expect.any(String) });
      expect(Object.keys(details.body.checks).sort()).toEqual([...names].sort());
      for (const name of names) {
        expect(details.body.checks[name]).toMatchObject({ status: 'up' });
        expect(details.body.checks[name]?.latencyMs).toEqual(expect.any(Number));
      }

      const technician = await signIn(
        gateway.url,
        (await rosterStaff(db, { role: 'Technician' })).serviceNumber,
      );
      const refused = await call(gateway.url, 'GET', '/api/health/details', { token: technician });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'Engineers and Admins only.' });
      expect((await call(gateway.url, 'GET', '/api/health/details')).status).toBe(401);
    } finally {
      for (const service of services.reverse()) await service.close();
      await db.destroy();
    }
  });

  it('answers 503 and names what is down when identity is not running', async () => {
    const equipment: INestApplication = await startEquipment();
    try {
      const answer = await call<PublicHealthResponse>(gateway.url, 'GET', '/api/health');
      expect(answer.status).toBe(503);
      expect(answer.body.status).toBe('degraded');
      // Which part, not why: the error text is in the details.
      expect(answer.body.checks['identity']).toEqual({ status: 'down' });
      expect(answer.body.checks['postgres']).toEqual({ status: 'up' });
      // Yet this gateway can take requests: the readiness probe does not follow the services.
      const ready = await call(gateway.url, 'GET', '/api/health/ready');
      expect([ready.status, ready.body]).toEqual([200, { status: 'ok' }]);
    } finally {
      await equipment.close();
    }
  });

  it('holds no database connection of its own: PostgreSQL is reported by the services', async () => {
    // The gateway owns no schema; a DATABASE_URL in its environment is not even read.
    const elsewhere = await startGateway({ DATABASE_URL: 'postgres://nobody@db.invalid:1/none' });
    try {
      const noneUp = await call<PublicHealthResponse>(elsewhere.url, 'GET', '/api/health');
      expect(noneUp.body.checks['postgres']).toEqual({ status: 'down' });
      const identity: INestApplication = await startIdentity();
      try {
        const answer = await call<PublicHealthResponse>(elsewhere.url, 'GET', '/api/health');
        expect(answer.body.checks['postgres']).toEqual({ status: 'up' });
      } finally {
        await identity.close();
      }
    } finally {
      await elsewhere.app.close();
    }
  });

  it('answers sign-in with 503 and a message, not a hang, while identity is down', async () => {
    const answer = await call(gateway.url, 'POST', '/api/auth/request-otp', {
      body: { serviceNumber: 'BME-1001' },
    });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The sign-in service is not available right now. Please try again shortly.',
    });
  });
});

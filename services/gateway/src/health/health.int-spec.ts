import type { INestApplication } from '@nestjs/common';
import { DOMAIN_SERVICE_NAMES, type HealthResponse } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import {
  startDomainService,
  startEquipment,
  startGateway,
  startIdentity,
  type RunningGateway,
} from '@caliber/testing/stack';

describe('GET /api/health', () => {
  let gateway: RunningGateway;

  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway.app.close();
  });

  it('reports PostgreSQL, NATS, Redis and every registered service up', async () => {
    const services: INestApplication[] = [];
    try {
      for (const name of DOMAIN_SERVICE_NAMES) services.push(await startDomainService(name));
      const answer = await call<HealthResponse>(gateway.url, 'GET', '/api/health');
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe('ok');
      const names = ['postgres', 'nats', 'redis', ...DOMAIN_SERVICE_NAMES];
      expect(Object.keys(answer.body.checks).sort()).toEqual([...names].sort());
      for (const name of names) {
        expect(answer.body.checks[name]).toMatchObject({ status: 'up' });
        expect(answer.body.checks[name]?.latencyMs).toEqual(expect.any(Number));
      }
    } finally {
      for (const service of services.reverse()) await service.close();
    }
  });

  it('answers 503 and names what is down when identity is not running', async () => {
    const equipment: INestApplication = await startEquipment();
    try {
      const answer = await call<HealthResponse>(gateway.url, 'GET', '/api/health');
      expect(answer.status).toBe(503);
      expect(answer.body.status).toBe('degraded');
      expect(answer.body.checks['identity']).toMatchObject({ status: 'down' });
      expect(answer.body.checks['postgres']).toMatchObject({ status: 'up' });
    } finally {
      await equipment.close();
    }
  });

  it('holds no database connection of its own: PostgreSQL is reported by the services', async () => {
    // The gateway owns no schema; a DATABASE_URL in its environment is not even read.
    const elsewhere = await startGateway({ DATABASE_URL: 'postgres://nobody@db.invalid:1/none' });
    try {
      const noneUp = await call<HealthResponse>(elsewhere.url, 'GET', '/api/health');
      expect(noneUp.body.checks['postgres']).toEqual({
        status: 'down',
        error: 'no service answered to report it',
      });
      const identity: INestApplication = await startIdentity();
      try {
        const answer = await call<HealthResponse>(elsewhere.url, 'GET', '/api/health');
        expect(answer.body.checks['postgres']).toMatchObject({ status: 'up' });
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

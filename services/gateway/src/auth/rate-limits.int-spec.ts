import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { call } from '@caliber/testing/http';
import {
  identityDataSource,
  rosterStaff,
  startGateway,
  startIdentity,
  type RunningGateway,
} from '@caliber/testing/stack';

describe('sign-in rate limits held in Redis across gateway replicas', () => {
  let identity: INestApplication;
  let replicaA: RunningGateway;
  let replicaB: RunningGateway;
  let db: DataSource;

  beforeAll(async () => {
    db = await identityDataSource();
    identity = await startIdentity();
    const limits = {
      REDIS_KEY_PREFIX: `rate-${Date.now()}`,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_OTP_REQUESTS_PER_ADDRESS: '3',
      RATE_LIMIT_OTP_REQUESTS_PER_NUMBER: '2',
      RATE_LIMIT_OTP_VERIFY_PER_ADDRESS: '4',
      RATE_LIMIT_OTP_VERIFY_PER_NUMBER: '50',
    };
    replicaA = await startGateway(limits);
    replicaB = await startGateway(limits);
  });
  afterAll(async () => {
    await replicaA.app.close();
    await replicaB.app.close();
    await identity.close();
    await db.destroy();
  });

  const fromAddress = (gateway: RunningGateway, address: string, path: string, body: unknown) =>
    call(gateway.url, 'POST', `/api${path}`, { body, headers: { 'x-forwarded-for': address } });

  it('limits code requests per client address, counted across replicas', async () => {
    const address = '10.20.0.1';
    const statuses = [
      (await fromAddress(replicaA, address, '/auth/request-otp', { serviceNumber: 'UNKNOWN-1' })).status,
      (await fromAddress(replicaB, address, '/auth/request-otp', { serviceNumber: 'UNKNOWN-2' })).status,
      (await fromAddress(replicaA, address, '/auth/request-otp', { serviceNumber: 'UNKNOWN-3' })).status,
    ];
    expect(statuses).toEqual([404, 404, 404]);
    const fourth = await fromAddress(replicaB, address, '/auth/request-otp', { serviceNumber: 'UNKNOWN-4' });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(fourth.body['message']).toMatch(
      /^Too many code requests from this network address\. Try again in \d+ minutes\.$/,
    );
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another address is not affected.
    const other = await fromAddress(replicaB, '10.20.0.2', '/auth/request-otp', {
      serviceNumber: 'UNKNOWN-5',
    });
    expect(other.status).toBe(404);
  });

  it('limits code requests per service number, whatever the address', async () => {
    const staff = await rosterStaff(db);
    const first = await fromAddress(replicaA, '10.30.0.1', '/auth/request-otp', {
      serviceNumber: staff.serviceNumber,
    });
    expect(first.status).toBe(200);
    const second = await fromAddress(replicaB, '10.30.0.2', '/auth/request-otp', {
      serviceNumber: staff.serviceNumber,
    });
    expect(second.body['code']).toBe('OTP_COOLDOWN');
    const third = await fromAddress(replicaA, '10.30.0.3', '/auth/request-otp', {
      serviceNumber: staff.serviceNumber.toLowerCase(),
    });
    expect(third.status).toBe(429);
    expect(third.body['code']).toBe('RATE_LIMITED');
    expect(third.body['message']).toMatch(/^Too many code requests for this service number\./);
  });

  it('limits verification attempts per client address', async () => {
    const address = '10.40.0.1';
    for (let i = 0; i < 4; i++) {
      const answer = await fromAddress(i % 2 ? replicaA : replicaB, address, '/auth/verify-otp', {
        serviceNumber: `NOBODY-${i}`,
        otp: '123456',
      });
      expect(answer.status).toBe(404);
    }
    const fifth = await fromAddress(replicaA, address, '/auth/verify-otp', {
      serviceNumber: 'NOBODY-9',
      otp: '123456',
    });
    expect(fifth.status).toBe(429);
    expect(fifth.body['message']).toMatch(/^Too many sign-in attempts from this network address\./);
  });
});

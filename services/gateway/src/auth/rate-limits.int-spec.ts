import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { call } from '@caliber/testing/http';
import {
  identityDataSource,
  rosterStaff,
  startGateway,
  startIdentity,
  type RunningGateway,
} from '@caliber/testing/stack';

/** The client addresses (IPv4, or IPv6 /64 blocks) a gateway counted code requests for, in Redis. */
async function countedAddresses(redisKeyPrefix: string): Promise<string[]> {
  const redis = new Redis(process.env['REDIS_URL'] ?? '');
  try {
    const head = `${redisKeyPrefix}:rl:otp:request-per-address:`;
    return (await redis.keys(`${head}*`)).map((key) => key.slice(head.length)).sort();
  } finally {
    await redis.quit();
  }
}

describe('sign-in rate limits held in Redis across gateway replicas', () => {
  let identity: INestApplication;
  let replicaA: RunningGateway;
  let replicaB: RunningGateway;
  /** A gateway with the default TRUST_PROXY (false): it believes no X-Forwarded-For. */
  let direct: RunningGateway;
  let db: DataSource;
  const behindProxy = `rate-${Date.now()}`;
  const noProxy = `rate-direct-${Date.now()}`;

  beforeAll(async () => {
    db = await identityDataSource();
    identity = await startIdentity();
    const limits = {
      REDIS_KEY_PREFIX: behindProxy,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_OTP_REQUESTS_PER_ADDRESS: '3',
      RATE_LIMIT_OTP_REQUESTS_PER_NUMBER: '2',
      RATE_LIMIT_OTP_VERIFY_PER_ADDRESS: '4',
      RATE_LIMIT_OTP_VERIFY_PER_NUMBER: '50',
    };
    replicaA = await startGateway(limits);
    replicaB = await startGateway(limits);
    direct = await startGateway({ REDIS_KEY_PREFIX: noProxy, RATE_LIMIT_OTP_REQUESTS_PER_ADDRESS: '3' });
  });
  afterAll(async () => {
    await replicaA.app.close();
    await replicaB.app.close();
    await direct.app.close();
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

  it('counts IPv6 clients by their /64: addresses of one /64 share the limit, the next /64 has its own', async () => {
    const oneBlock = ['2001:db8:aa:1::1', '2001:db8:aa:1:ffff:ffff:ffff:fffe', '2001:db8:aa:1:0:0:beef:7'];
    const statuses: number[] = [];
    for (const [index, address] of oneBlock.entries())
      statuses.push(
        (
          await fromAddress(index % 2 ? replicaA : replicaB, address, '/auth/request-otp', {
            serviceNumber: `UNKNOWN-V6-${index}`,
          })
        ).status,
      );
    expect(statuses).toEqual([404, 404, 404]);
    const fourth = await fromAddress(replicaA, '2001:db8:aa:1:1234::9', '/auth/request-otp', {
      serviceNumber: 'UNKNOWN-V6-3',
    });
    expect(fourth.status).toBe(429);
    expect(fourth.body['message']).toMatch(/^Too many code requests from this network address\./);

    const nextBlock = await fromAddress(replicaB, '2001:db8:aa:2::1', '/auth/request-otp', {
      serviceNumber: 'UNKNOWN-V6-4',
    });
    expect(nextBlock.status).toBe(404);
    const counted = await countedAddresses(behindProxy);
    expect(counted.filter((key) => key.includes(':'))).toEqual(['2001:db8:aa:1::/64', '2001:db8:aa:2::/64']);
  });

  it('believes no X-Forwarded-For with the default TRUST_PROXY: every request counts as the connection (127.0.0.1)', async () => {
    const claimed = ['10.50.0.1', '10.50.0.2', '2001:db8:bb::1'];
    const statuses: number[] = [];
    for (const [index, address] of claimed.entries())
      statuses.push(
        (await fromAddress(direct, address, '/auth/request-otp', { serviceNumber: `UNKNOWN-D-${index}` }))
          .status,
      );
    expect(statuses).toEqual([404, 404, 404]);
    // A fourth address named in the header, or none at all: the same connection, already spent.
    const renamed = await fromAddress(direct, '10.50.0.99', '/auth/request-otp', {
      serviceNumber: 'UNKNOWN-D-3',
    });
    expect(renamed.status).toBe(429);
    expect(renamed.body['message']).toMatch(/^Too many code requests from this network address\./);
    const plain = await call(direct.url, 'POST', '/api/auth/request-otp', {
      body: { serviceNumber: 'UNKNOWN-D-4' },
    });
    expect(plain.status).toBe(429);
    expect(await countedAddresses(noProxy)).toEqual(['127.0.0.1']);
  });
});

import type { INestApplication } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { call } from '@caliber/testing/http';
import {
  identityDataSource,
  rosterStaff,
  startGateway,
  startIdentity,
  type RunningGateway,
} from '@caliber/testing/stack';

describe('identity with the http SMS adapter', () => {
  let smsGateway: Server;
  let accept: boolean;
  /** How long the SMS gateway takes to answer. */
  let delayMs = 0;
  const pending = new Set<NodeJS.Timeout>();
  let received: { to: string; message: string; from: string }[];
  let identity: INestApplication;
  let gateway: RunningGateway;
  let db: DataSource;

  beforeAll(async () => {
    received = [];
    smsGateway = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const timer = setTimeout(() => {
          pending.delete(timer);
          if (res.destroyed) return;
          if (accept) received.push(JSON.parse(raw) as { to: string; message: string; from: string });
          res.writeHead(accept ? 200 : 502).end();
        }, delayMs);
        pending.add(timer);
      });
    });
    await new Promise<void>((resolve) => smsGateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(smsGateway.address() as AddressInfo).port}/sms`;
    db = await identityDataSource();
    identity = await startIdentity({ SMS_ADAPTER: 'http', SMS_HTTP_URL: url, SMS_SENDER_ID: 'CALIBER' });
    gateway = await startGateway({ REDIS_KEY_PREFIX: `sms-${Date.now()}` });
  });
  afterAll(async () => {
    await gateway.app.close();
    await identity.close();
    await db.destroy();
    for (const timer of pending) clearTimeout(timer);
    smsGateway.closeAllConnections();
    await new Promise((resolve) => smsGateway.close(resolve));
  });

  it('answers 503 when the SMS gateway refuses, and lets the person retry at once', async () => {
    const staff = await rosterStaff(db, { phoneNumber: '+15550100777' });
    accept = false;
    const failed = await call(gateway.url, 'POST', '/api/auth/request-otp', {
      body: { serviceNumber: staff.serviceNumber },
    });
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({
      code: 'SMS_NOT_SENT',
      message: 'The code could not be sent by SMS right now. Please try again in a minute.',
    });
    const challenges: unknown[] = await db.query(
      `SELECT 1 FROM "identity"."otp_challenges" WHERE "user_id" = $1`,
      [staff.id],
    );
    expect(challenges).toHaveLength(0);

    accept = true;
    const retried = await call(gateway.url, 'POST', '/api/auth/request-otp', {
      body: { serviceNumber: staff.serviceNumber },
    });
    expect(retried.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'CALIBER', to: '+15550100777' });
    expect(received[0]?.message).toMatch(/sign-in code is \d{6}/);
  });

  it('gives up on a slow SMS gateway before the gateway gives up on identity', async () => {
    // The test environment's request timeout is 1.5 s; identity waits 0.75 s for the SMS gateway.
    const staff = await rosterStaff(db, { phoneNumber: '+15550100778' });
    accept = true;
    delayMs = 3000;
    try {
      const slow = await call(gateway.url, 'POST', '/api/auth/request-otp', {
        body: { serviceNumber: staff.serviceNumber },
      });
      // Identity's own answer ("not sent, try again"), not the gateway's SERVICE_UNAVAILABLE.
      expect(slow.status).toBe(503);
      expect(slow.body).toMatchObject({ code: 'SMS_NOT_SENT' });
    } finally {
      delayMs = 0;
    }
  });
});

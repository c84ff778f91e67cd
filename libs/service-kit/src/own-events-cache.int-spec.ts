import { ClientProxyFactory } from '@nestjs/microservices';
import pino from 'pino';
import { natsClientOptions } from './nats';
import { OwnEventsCache } from './own-events-cache';
import { freeLoopbackPort, startNatsServer, type NatsServerProcess } from './testing/nats-server-process';
import { StatementVerifier } from './trust/statements';

async function until(condition: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 15_000; !condition();) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a following OwnEventsCache while NATS is away (real NATS)', () => {
  let port: number;
  let server: NatsServerProcess;

  beforeAll(async () => {
    port = await freeLoopbackPort();
    server = await startNatsServer(['-a', '127.0.0.1', '-p', String(port)]);
  });
  afterAll(() => server.stop());

  it('keeps nothing while it cannot hear the events, and keeps again once it can', async () => {
    const client = ClientProxyFactory.create(
      natsClientOptions({ servers: [`nats://127.0.0.1:${port}`] }, 'own-events-test'),
    );
    const cache = new OwnEventsCache();
    await cache.follow(client, new StatementVerifier(new Map()), 'maintenance', pino({ level: 'silent' }));
    let computed = 0;
    const compute = () => Promise.resolve((computed += 1));
    await cache.get('counts', compute);
    await cache.get('counts', compute);
    expect(computed).toBe(1);

    await server.stop();
    await until(() => !cache.keeping, 'the cache to notice NATS has gone');
    await cache.get('counts', compute);
    await cache.get('counts', compute);
    expect(computed).toBe(3);
    expect(cache.size).toBe(0);

    server = await startNatsServer(['-a', '127.0.0.1', '-p', String(port)]);
    await until(() => cache.keeping, 'the cache to hear the events again');
    await cache.get('counts', compute);
    await cache.get('counts', compute);
    expect(computed).toBe(4);
    cache.stop();
    await client.close();
  });
});

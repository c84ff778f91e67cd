import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { MuxedNatsClient } from './muxed-nats.client';
import { natsClientOptions, natsServerOptions } from './nats';
import { freeLoopbackPort, startNatsServer, type NatsServerProcess } from './testing/nats-server-process';

const SUBJECT = 'muxed-test';
let port = 0;
let monitor = 0;

@Controller()
class EchoController {
  /** Answers the payload back after `waitMs`, so answers come back in another order than asked. */
  @MessagePattern(`${SUBJECT}.echo`)
  async echo(@Payload() payload: { n: number; waitMs: number }): Promise<{ n: number }> {
    await new Promise((resolve) => setTimeout(resolve, payload.waitMs));
    return { n: payload.n };
  }

  @MessagePattern(`${SUBJECT}.refuse`)
  refuse(): never {
    throw new RpcException({ code: 'NOT_FOUND', message: 'No such thing.' });
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

const serverArgs = () => ['-a', '127.0.0.1', '-p', String(port), '-m', String(monitor)];

/** What the NATS server's monitoring says of its subscription index. */
async function subscriptionIndex(monitor: number): Promise<{ inserts: number; removes: number }> {
  const body = (await (await fetch(`http://127.0.0.1:${monitor}/subsz`)).json()) as {
    num_inserts: number;
    num_removes: number;
  };
  return { inserts: body.num_inserts, removes: body.num_removes };
}

describe('requests on one shared inbox (MuxedNatsClient, real NATS)', () => {
  let server: NatsServerProcess;
  let service: INestMicroservice;
  let client: MuxedNatsClient;

  beforeAll(async () => {
    [port, monitor] = [await freeLoopbackPort(), await freeLoopbackPort()];
    server = await startNatsServer(serverArgs());
    const nats = { servers: [`nats://127.0.0.1:${port}`] };
    service = await NestFactory.createMicroservice(EchoModule, {
      ...natsServerOptions(nats, SUBJECT),
      logger: false,
    });
    await service.listen();
    const made = ClientProxyFactory.create(natsClientOptions(nats, 'muxed-test-client'));
    if (!(made instanceof MuxedNatsClient)) throw new Error('natsClientOptions made another client');
    client = made;
    await client.connect();
  });
  afterAll(async () => {
    await client.close();
    await service.close();
    await server.stop();
  });

  it('hands each of many concurrent answers to its own request, and keeps nothing after', async () => {
    const asked = Array.from({ length: 200 }, (_, n) => ({ n, waitMs: (n * 7) % 23 }));
    const answers = await Promise.all(
      asked.map((payload) => firstValueFrom(client.send<{ n: number }>(`${SUBJECT}.echo`, payload))),
    );
    expect(answers.map((answer) => answer.n)).toEqual(asked.map((payload) => payload.n));
    expect(client.pending).toBe(0);
  });

  it('subscribes no inbox per request: the server indexes nothing new for a hundred of them', async () => {
    await firstValueFrom(client.send(`${SUBJECT}.echo`, { n: 0, waitMs: 0 }));
    const before = await subscriptionIndex(monitor);
    for (let n = 0; n < 100; n += 1) await firstValueFrom(client.send(`${SUBJECT}.echo`, { n, waitMs: 0 }));
    expect(await subscriptionIndex(monitor)).toEqual(before);
  });

  it('passes a refusal on as the service sent it', async () => {
    await expect(firstValueFrom(client.send(`${SUBJECT}.refuse`, {}))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No such thing.',
    });
    expect(client.pending).toBe(0);
  });

  it('forgets a request given up on, drops its late answer, and answers the next one', async () => {
    await expect(
      firstValueFrom(client.send(`${SUBJECT}.echo`, { n: 1, waitMs: 300 }).pipe(timeout(50))),
    ).rejects.toThrow('Timeout');
    expect(client.pending).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(firstValueFrom(client.send(`${SUBJECT}.echo`, { n: 2, waitMs: 0 }))).resolves.toEqual({
      n: 2,
    });
  });

  it('subscribes nothing for a client that only publishes events', async () => {
    const before = await subscriptionIndex(monitor);
    const events = ClientProxyFactory.create(
      natsClientOptions({ servers: [`nats://127.0.0.1:${port}`] }, 'muxed-test-events'),
    );
    await events.connect();
    await firstValueFrom(events.emit(`${SUBJECT}.happened`, { n: 1 }));
    expect((await subscriptionIndex(monitor)).inserts).toBe(before.inserts);
    await events.close();
  });

  it('answers again on the same shared inbox after the NATS server comes back', async () => {
    await server.stop();
    server = await startNatsServer(serverArgs());
    // The service and the client reconnect by themselves and subscribe again.
    const ask = () =>
      firstValueFrom(
        client.send<{ n: number }>(`${SUBJECT}.echo`, { n: 7, waitMs: 0 }).pipe(timeout(500)),
      ).catch(() => undefined);
    let answer = await ask();
    for (const deadline = Date.now() + 15_000; !answer && Date.now() < deadline; answer = await ask())
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(answer).toEqual({ n: 7 });
    expect(client.pending).toBe(0);
  });

  it('fails the requests still waiting when it is closed', async () => {
    const other = ClientProxyFactory.create(
      natsClientOptions({ servers: [`nats://127.0.0.1:${port}`] }, 'muxed-test-closing'),
    ) as MuxedNatsClient;
    await other.connect();
    const asked = firstValueFrom(other.send(`${SUBJECT}.echo`, { n: 1, waitMs: 2000 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await other.close();
    await expect(asked).rejects.toThrow('closed before the answer came');
    expect(other.pending).toBe(0);
  });
});

describe('a shared inbox NATS refuses (MuxedNatsClient, real NATS)', () => {
  let server: NatsServerProcess;
  let folder: string;
  let refusedPort = 0;

  beforeAll(async () => {
    refusedPort = await freeLoopbackPort();
    folder = await mkdtemp(join(tmpdir(), 'caliber-muxed-'));
    const config = join(folder, 'nats.conf');
    // A user who may send requests but read no inbox: its answers can never arrive.
    await writeFile(
      config,
      `authorization { users = [ { user: "caller", password: "pw", permissions: { subscribe: { deny: ["_INBOX.>"] } } } ] }\n`,
    );
    server = await startNatsServer(['-a', '127.0.0.1', '-p', String(refusedPort), '-c', config]);
  });
  afterAll(async () => {
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('fails each request at once with the reason, not at its deadline without one', async () => {
    const client = ClientProxyFactory.create(
      natsClientOptions(
        { servers: [`nats://127.0.0.1:${refusedPort}`], user: 'caller', pass: 'pw' },
        'muxed-test-refused',
      ),
    ) as MuxedNatsClient;
    await client.connect();
    // The second request subscribes a new inbox (NATS closed the refused one) and is refused too.
    for (const n of [1, 2])
      await expect(
        firstValueFrom(client.send(`${SUBJECT}.echo`, { n, waitMs: 0 }).pipe(timeout(4000))),
      ).rejects.toThrow(/permissions violation/i);
    expect(client.pending).toBe(0);
    await client.close();
  });
});

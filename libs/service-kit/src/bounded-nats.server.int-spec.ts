import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, MessagePattern, Transport, type ClientProxy } from '@nestjs/microservices';
import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { firstValueFrom } from 'rxjs';
import { REPLY_TOO_LARGE } from './bounded-nats.server';
import { natsConnectionOptions, natsServerOptions } from './nats';

const SUBJECT = `bounded-test.${Date.now().toString(36)}`;

@Controller()
class AnswersController {
  @MessagePattern(`${SUBJECT}.small`)
  small(): { ok: true } {
    return { ok: true };
  }

  /** Larger than NATS's default payload limit (1 MiB). */
  @MessagePattern(`${SUBJECT}.huge`)
  huge(): { text: string } {
    return { text: 'x'.repeat(2 * 1024 * 1024) };
  }
}

@Module({ controllers: [AnswersController] })
class AnswersModule {}

describe('a service answer larger than NATS carries (real NATS)', () => {
  let service: INestMicroservice;
  let client: ClientProxy;
  // Tracing on, in this process: the service's spans are kept to be read.
  const spans = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });

  beforeAll(async () => {
    provider.register();
    // The test run's observer user, who may use any subject.
    const nats = {
      servers: [process.env['NATS_URL'] ?? ''],
      user: process.env['NATS_USER'] ?? '',
      pass: process.env['NATS_PASSWORD'] ?? '',
    };
    service = await NestFactory.createMicroservice(AnswersModule, {
      ...natsServerOptions(nats, SUBJECT),
      logger: false,
    });
    await service.listen();
    client = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: natsConnectionOptions(nats, 'test'),
    });
    await client.connect();
  });
  afterAll(async () => {
    await client.close();
    await service.close();
    await provider.shutdown();
  });

  it('becomes an error answer to the caller, and the service keeps answering', async () => {
    await expect(firstValueFrom(client.send(`${SUBJECT}.huge`, {}))).rejects.toEqual(REPLY_TOO_LARGE);
    await expect(firstValueFrom(client.send(`${SUBJECT}.small`, {}))).resolves.toEqual({ ok: true });
  });

  it('marks the span of the answer that could not be sent failed, and not the one that was', async () => {
    spans.reset();
    await expect(firstValueFrom(client.send(`${SUBJECT}.huge`, {}))).rejects.toEqual(REPLY_TOO_LARGE);
    await expect(firstValueFrom(client.send(`${SUBJECT}.small`, {}))).resolves.toEqual({ ok: true });
    const served = (name: string) =>
      spans.getFinishedSpans().find((span) => span.name === `process ${SUBJECT}.${name}`);
    expect(served('huge')?.status.code).toBe(SpanStatusCode.ERROR);
    expect(served('huge')?.attributes['caliber.error_code']).toBe('REPLY_TOO_LARGE');
    expect(served('small')?.status.code).toBe(SpanStatusCode.UNSET);
  });
});

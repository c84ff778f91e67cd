import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { HttpSmsSender } from './http-sms.sender';
import { SmsDeliveryError } from './sms-sender';

interface Received {
  method: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });
}

describe('HttpSmsSender against a local SMS gateway', () => {
  let server: Server;
  let url: string;
  let received: Received[];
  let answerStatus: number;
  let delayMs: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      void readBody(req).then((raw) => {
        received.push({
          method: req.method,
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body: JSON.parse(raw) as unknown,
        });
        setTimeout(() => {
          res.writeHead(answerStatus, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ok: answerStatus < 300 }));
        }, delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received = [];
    answerStatus = 202;
    delayMs = 0;
  });

  const logger = pino({ level: 'silent' });
  const message = { to: '+233201234567', body: 'Caliber code 123456', serviceNumber: 'BME-1' };

  it('posts the message as JSON with the bearer token and sender id', async () => {
    const sender = new HttpSmsSender({ url, token: 's3cret', senderId: 'CALIBER', timeoutMs: 2000 }, logger);
    await sender.send(message);
    expect(received).toEqual([
      {
        method: 'POST',
        authorization: 'Bearer s3cret',
        contentType: 'application/json',
        body: { from: 'CALIBER', to: '+233201234567', message: 'Caliber code 123456' },
      },
    ]);
  });

  it('sends no authorization header when no token is configured', async () => {
    const sender = new HttpSmsSender({ url, token: undefined, senderId: 'CALIBER', timeoutMs: 2000 }, logger);
    await sender.send(message);
    expect(received[0]?.authorization).toBeUndefined();
  });

  it('fails when the gateway refuses', async () => {
    answerStatus = 500;
    const sender = new HttpSmsSender({ url, token: undefined, senderId: 'CALIBER', timeoutMs: 2000 }, logger);
    await expect(sender.send(message)).rejects.toThrow(new SmsDeliveryError('SMS gateway answered 500'));
  });

  it('fails when the gateway does not answer in time', async () => {
    delayMs = 500;
    const sender = new HttpSmsSender({ url, token: undefined, senderId: 'CALIBER', timeoutMs: 50 }, logger);
    await expect(sender.send(message)).rejects.toBeInstanceOf(SmsDeliveryError);
  });

  it('fails when nothing listens at the address', async () => {
    const sender = new HttpSmsSender(
      { url: 'http://127.0.0.1:1/send', token: undefined, senderId: 'CALIBER', timeoutMs: 2000 },
      logger,
    );
    await expect(sender.send(message)).rejects.toThrow(/could not be reached/);
  });
});

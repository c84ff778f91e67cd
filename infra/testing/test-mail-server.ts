import { SMTPServer } from 'smtp-server';

/** One message the test mail server accepted. */
export interface Received {
  to: string[];
  raw: string;
  messageId: string;
  subject: string;
}

/**
 * A real SMTP server on one port that can be stopped and started again on that port, and told
 * to refuse (as a full mailbox server does) — the mail server the notifying service depends on.
 */
export class TestMailServer {
  readonly received: Received[] = [];
  refuse = false;
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onRcptTo: (_address, _session, callback) =>
        callback(
          this.refuse ? Object.assign(new Error('Try again later'), { responseCode: 451 }) : undefined,
        ),
      onData: (stream, session, callback) => {
        const parts: Buffer[] = [];
        stream.on('data', (part: Buffer) => parts.push(part));
        stream.on('end', () => {
          const raw = Buffer.concat(parts).toString('utf8');
          const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
          this.received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            messageId: header('Message-ID'),
            subject: header('Subject'),
          });
          callback();
        });
      },
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): Received[] {
    return this.received.filter((message) => message.to.includes(address));
  }
}

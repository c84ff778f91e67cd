// A process whose stop cannot finish by itself: its app never finishes closing, and an exit
// handler never returns (as pino's synchronous flush at exit did, retrying forever a write to a
// log pipe whose reader had gone). `closeOnSignals` must end it within its bound all the same.
// Run by shutdown.spec.ts with tsx; GRACE_MS and LIFELINE come from the test.
import type { INestApplication } from '@nestjs/common';
import pino from 'pino';
import { closeOnSignals } from '../shutdown';

const neverClosing = { close: () => new Promise<void>(() => undefined) } as unknown as INestApplication;
closeOnSignals(neverClosing, pino({ level: 'silent' }), {
  graceMs: Number(process.env['GRACE_MS'] ?? 1000),
  stopWhenLauncherExits: process.env['LIFELINE'] === 'true',
});
process.on('exit', () => {
  for (;;) {
    // stuck, as a synchronous write retried forever is
  }
});
setInterval(() => undefined, 60_000);
process.stdout.write('ready\n');

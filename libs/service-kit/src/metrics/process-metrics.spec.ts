import { Writable } from 'node:stream';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { sampleValue } from '../testing/metrics-text';
import { pino } from 'pino';
import { TimeoutError } from 'rxjs';
import { measureRequestsOf, measureServiceRequest, outcomeOfError } from './nats-metrics';
import { ProcessMetrics } from './process-metrics';
import { depthByState } from './queue-depth';
import { ScrapeRead } from './scrape-read';

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: { msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

const silent = () => pino({ level: 'silent' });

describe('ProcessMetrics', () => {
  it('keeps two processes in one Node.js process apart, each series labelled with its service', async () => {
    const one = new ProcessMetrics('identity', silent());
    const two = new ProcessMetrics('equipment', silent());
    one.nats.server.observe({ subject: 'identity.users.get', outcome: 'ok' }, 0.01);
    const first = (await one.exposition()).body;
    const second = (await two.exposition()).body;
    expect(
      sampleValue(first, 'caliber_nats_server_request_duration_seconds_count', {
        subject: 'identity.users.get',
        outcome: 'ok',
        service: 'identity',
      }),
    ).toBe(1);
    expect(second).not.toContain('identity.users.get');
    // The default process metrics, under the service's label.
    expect(sampleValue(first, 'process_cpu_user_seconds_total', { service: 'identity' })).toEqual(
      expect.any(Number),
    );
    expect(sampleValue(second, 'nodejs_heap_size_used_bytes', { service: 'equipment' })).toBeGreaterThan(0);
  });

  it('leaves a queue out of the scrape, and marks its source down, while its Redis is not ready', async () => {
    const { logger, lines } = capturingLogger();
    const metrics = new ProcessMetrics('reports', logger);
    const connection = { status: 'reconnecting' };
    let asked = 0;
    const queue = {
      getJobCounts: () => {
        asked += 1;
        return Promise.resolve({ waiting: 2, prioritized: 3, active: 1, delayed: 0, failed: 4 });
      },
    };
    metrics.watchQueue('report-jobs', queue, connection);
    const source = { source: 'queue:report-jobs' };
    const down = (await metrics.exposition()).body;
    expect(down).not.toContain('caliber_queue_jobs{');
    expect(sampleValue(down, 'caliber_scrape_source_up', source)).toBe(0);
    expect(asked).toBe(0);
    await metrics.exposition();
    // Logged once while it stays down, not at every scrape.
    expect(lines.filter((line) => line.msg.startsWith('metrics source not readable'))).toHaveLength(1);

    connection.status = 'ready';
    const up = (await metrics.exposition()).body;
    expect(sampleValue(up, 'caliber_queue_jobs', { queue: 'report-jobs', state: 'waiting' })).toBe(5);
    expect(sampleValue(up, 'caliber_queue_jobs', { queue: 'report-jobs', state: 'failed' })).toBe(4);
    expect(sampleValue(up, 'caliber_scrape_source_up', source)).toBe(1);
    expect(lines.filter((line) => line.msg === 'metrics source readable again')).toHaveLength(1);

    // Down again: its series leave the scrape rather than repeat the last known depth.
    connection.status = 'end';
    expect((await metrics.exposition()).body).not.toContain('caliber_queue_jobs{');
  });

  it('reads a failing source as absent, never as an error of the scrape', async () => {
    const metrics = new ProcessMetrics('maintenance', silent());
    let applied: number | undefined = -1;
    metrics.addScrapeSource(
      'broken',
      () => Promise.reject(new Error('connection refused')),
      (value: number | undefined) => (applied = value),
    );
    const text = (await metrics.exposition()).body;
    expect(applied).toBeUndefined();
    expect(sampleValue(text, 'caliber_scrape_source_up', { source: 'broken' })).toBe(0);
  });
});

describe('ScrapeRead', () => {
  it('gives up on a hanging source at its deadline, and starts no second read while the first runs', async () => {
    let release: (value: number) => void = () => undefined;
    let reads = 0;
    const read = new ScrapeRead({ source: 'hanging', logger: silent(), timeoutMs: 50 }, () => {
      reads += 1;
      return new Promise<number>((resolve) => (release = resolve));
    });
    const started = performance.now();
    await expect(read.value()).resolves.toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
    await expect(read.value()).resolves.toBeUndefined();
    expect(reads).toBe(1);
    // Once the slow read has finished, the next scrape reads afresh.
    release(7);
    await new Promise((resolve) => setImmediate(resolve));
    const again = read.value();
    release(8);
    await expect(again).resolves.toBe(8);
    expect(reads).toBe(2);
  });

  it('lets a scrape that arrives while a read runs within its deadline share that read’s answer', async () => {
    // Two Prometheus servers (an HA pair), or a person's curl beside Prometheus: overlapping scrapes.
    const { logger, lines } = capturingLogger();
    const outcomes: boolean[] = [];
    let release: (value: number) => void = () => undefined;
    let reads = 0;
    const read = new ScrapeRead(
      { source: 'shared', logger, timeoutMs: 60_000, onOutcome: (up) => outcomes.push(up) },
      () => {
        reads += 1;
        return new Promise<number>((resolve) => (release = resolve));
      },
    );
    const first = read.value();
    const second = read.value();
    release(5);
    await expect(Promise.all([first, second])).resolves.toEqual([5, 5]);
    expect(reads).toBe(1);
    // Neither scrape saw the source down, and nothing was logged.
    expect(outcomes).toEqual([true, true]);
    expect(lines).toEqual([]);
  });

  it('waits for a shared read within the arriving scrape’s own deadline, and refuses one past its deadline', async () => {
    jest.useFakeTimers();
    try {
      let release: (value: number) => void = () => undefined;
      let reads = 0;
      const read = new ScrapeRead({ source: 'slow', logger: silent(), timeoutMs: 100 }, () => {
        reads += 1;
        return new Promise<number>((resolve) => (release = resolve));
      });
      const first = read.value();
      await jest.advanceTimersByTimeAsync(60);
      // 60 ms into a 100 ms deadline: this scrape waits for the same read, until 160 ms at most.
      const second = read.value();
      await jest.advanceTimersByTimeAsync(50);
      await expect(first).resolves.toBeUndefined();
      // The read has outlived its deadline: a new scrape goes without it at once, and no second
      // read is started on a source that is already slow.
      const third = read.value();
      await expect(third).resolves.toBeUndefined();
      expect(reads).toBe(1);
      // The answer comes within the second scrape's own deadline: it has the value.
      release(9);
      await expect(second).resolves.toBe(9);
      // Once it has finished, the next scrape reads afresh.
      const fourth = read.value();
      release(10);
      await expect(fourth).resolves.toBe(10);
      expect(reads).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('survives a read that throws before it returns a promise', async () => {
    const read = new ScrapeRead<number>({ source: 'sync', logger: silent() }, () => {
      throw new Error('no pool');
    });
    await expect(read.value()).resolves.toBeUndefined();
  });
});

describe('queue depth', () => {
  it('counts prioritized jobs (every report has a priority) as waiting', () => {
    expect(depthByState({ waiting: 1, prioritized: 6, active: 2, delayed: 3, failed: 0 })).toEqual({
      waiting: 7,
      active: 2,
      delayed: 3,
      failed: 0,
    });
    expect(depthByState({})).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
  });
});

describe('NATS request outcomes', () => {
  it('tells a refusal from a failure, a timeout and a service nobody runs', () => {
    expect(outcomeOfError({ code: 'NOT_FOUND', message: 'No such device.' })).toBe('refused');
    expect(outcomeOfError({ code: 'VALIDATION_FAILED', message: 'Bad.' })).toBe('refused');
    expect(outcomeOfError({ code: 'INTERNAL', message: 'Oops.' })).toBe('error');
    expect(outcomeOfError({ code: 'REPLY_TOO_LARGE', message: 'Too large.' })).toBe('error');
    expect(outcomeOfError(new TimeoutError())).toBe('timeout');
    expect(outcomeOfError(new EmptyResponseException('identity.users.get'))).toBe('no_responder');
    expect(outcomeOfError('There is no matching message handler defined in the remote service.')).toBe(
      'error',
    );
  });

  it('times the requests of the process whose signer sends them, and hands answers and errors back unchanged', async () => {
    const metrics = new ProcessMetrics('gateway', silent());
    const signer = {};
    measureRequestsOf(signer, metrics.nats);
    await expect(measureServiceRequest(signer, 'equipment.get', () => Promise.resolve(42))).resolves.toBe(42);
    const refusal = { code: 'NOT_FOUND', message: 'No such device.' };
    await expect(measureServiceRequest(signer, 'equipment.get', () => Promise.reject(refusal))).rejects.toBe(
      refusal,
    );
    // Another process's signer: not counted here.
    await measureServiceRequest({}, 'equipment.get', () => Promise.resolve(1));
    const text = (await metrics.exposition()).body;
    const count = (outcome: string) =>
      sampleValue(text, 'caliber_nats_client_request_duration_seconds_count', {
        subject: 'equipment.get',
        outcome,
      });
    expect([count('ok'), count('refused')]).toEqual([1, 1]);
  });
});

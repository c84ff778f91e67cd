import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real S3-API server (s3rver) in its own process, with one bucket. Tests only. */
export interface S3TestServer {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where it keeps its buckets (objects, and the parts of multipart uploads under `uploads/`). */
  directory: string;
  /** Its latest log lines (a request per line), for a failing test's message. */
  log(): string[];
  stop(): Promise<void>;
}

const LOG_LINES_KEPT = 200;
const START_TIMEOUT_MS = 20_000;
/** The terminal colour codes s3rver's log is written with. */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g');

/**
 * The child's program: s3rver on loopback, on a port the system picks (told back on stdout, so no
 * other process can take it between a check and the listen), ending when its standard input
 * closes, that is when the test process has gone however it went.
 */
const SERVER_PROGRAM = `
const S3rver = require(process.env.S3RVER_MODULE);
const server = new S3rver({
  directory: process.env.S3RVER_DIRECTORY,
  address: '127.0.0.1',
  port: 0,
  silent: false,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET, configs: [] }],
});
server.run().then(
  (address) => process.stdout.write('S3RVER_PORT=' + address.port + '\\n'),
  (error) => { console.error(error); process.exit(1); },
);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

/**
 * Starts s3rver (any credentials are accepted; `S3RVER`/`S3RVER` are its own) in a fresh
 * temporary folder, and resolves once it listens with the bucket made.
 *
 * It runs with OpenSSL's legacy provider: s3rver encrypts ListObjectsV2's continuation tokens
 * with DES, which OpenSSL 3 leaves out by default, so without it every list that is cut into pages
 * answers 500.
 */
export async function startS3Server(bucket = 'caliber-files'): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'caliber-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', SERVER_PROGRAM], {
    env: {
      ...process.env,
      S3RVER_MODULE: require.resolve('s3rver'),
      S3RVER_DIRECTORY: directory,
      S3RVER_BUCKET: bucket,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').replace(COLOURS, '').split('\n'))
      if (line.trim()) lines.push(line);
    lines.splice(0, Math.max(0, lines.length - LOG_LINES_KEPT));
  };
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(`did not start within ${START_TIMEOUT_MS / 1000} s`),
      START_TIMEOUT_MS,
    );
    const onExit = (code: number | null) => fail(`exited with ${code} before listening`);
    function fail(why: string): void {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`s3rver ${why}:\n${lines.join('\n')}`));
    }
    child.once('exit', onExit);
    child.stdout.on('data', (chunk: Buffer) => {
      keep(chunk);
      const found = /S3RVER_PORT=(\d+)/.exec(chunk.toString('utf8'));
      if (!found) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(Number(found[1]));
    });
  });
  const port = await listening.catch(async (error: unknown) => {
    await rm(directory, { recursive: true, force: true });
    throw error;
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    directory,
    log: () => [...lines],
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.stdin.end();
        await exited;
        clearTimeout(timer);
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { DocumentDto, EquipmentListResponse } from '@caliber/contracts';
import { startThrowawayStack } from '../infra/local/src';
import { signInThroughApi } from '../infra/testing/outbox';
import { measure, type LoadResult } from './load';

const ADMIN = 'BME-1001';
const ENGINEER = 'BME-1002';
/** The manual: 100 MB, the size of a large service manual scanned to PDF. */
const MANUAL_BYTES = 100 * 1024 * 1024;
/** The phone photos: 50 people at once, each sending one photo of about 5 MB. */
const PHOTOGRAPHERS = 50;
/** Clients of the list benchmark running beside the files. */
const LIST_CONNECTIONS = 16;

export interface DocumentsResult {
  /** The device list alone, then while the manual goes up and comes back down. */
  listAlone: LoadResult;
  listWithManual: LoadResult;
  /** The gateway's peak growth while the list ran alone: what the list's own garbage takes. */
  listAloneGrowthMb: number;
  /** The gateway's resident peak while the list ran alone. */
  listAlonePeakMb: number;
  manualUploadSeconds: number;
  manualDownloadSeconds: number;
  /** The manual came back byte for byte (its SHA-256). */
  manualIntact: boolean;
  /** The gateway's resident memory before, and its peak while the manual went through. */
  gatewayRssBeforeMb: number;
  gatewayPeakMb: number;
  /** Whether the peak could be reset before the manual (otherwise it is the peak since start). */
  peakOfTheManual: boolean;
  photoBytes: number;
  photosKept: number;
  photosWithThumbnail: number;
  photosFailed: string[];
  photosSeconds: number;
}

const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return rssMb(pid, 'VmHWM') <= rssMb(pid, 'VmRSS') * 1.05;
  } catch {
    return false;
  }
}

/**
 * The manual's round trip, in a process of its own so that making, hashing and reading 100 MB
 * never delays the list's clients in this one: a PDF header then 1 MB of random bytes sent again
 * and again, streamed up as a manual, then down again and compared by SHA-256. Prints its timings.
 */
const MANUAL_TRANSFER = `
const { createHash, randomBytes } = require('node:crypto');
const { Readable } = require('node:stream');
const [base, token, device, total] = process.argv.slice(1);
const auth = { authorization: 'Bearer ' + token };
const block = randomBytes(1024 * 1024);
const sent = createHash('sha256');
let count = 0;
const body = new Readable({
  read() {
    if (count >= Number(total)) return this.push(null);
    const chunk = count === 0 ? Buffer.from('%PDF-1.7\\n') : block.subarray(0, Math.min(block.length, Number(total) - count));
    count += chunk.length;
    sent.update(chunk);
    this.push(chunk);
  },
});
(async () => {
  const started = Date.now();
  const answer = await fetch(base + '/api/equipment/' + device + '/documents?purpose=manual&fileName=service-manual.pdf', {
    method: 'POST', headers: { ...auth, 'content-type': 'application/octet-stream' }, body: Readable.toWeb(body), duplex: 'half',
  });
  if (answer.status !== 201) throw new Error('The manual was refused: ' + answer.status + ' ' + (await answer.text()));
  const kept = await answer.json();
  const uploadSeconds = (Date.now() - started) / 1000;
  const downloading = Date.now();
  const file = await fetch(base + '/api/equipment/' + device + '/documents/' + kept._id, { headers: auth });
  const received = createHash('sha256');
  for await (const chunk of file.body) received.update(chunk);
  const sentHash = sent.digest('hex');
  process.stdout.write(JSON.stringify({
    uploadSeconds, downloadSeconds: (Date.now() - downloading) / 1000,
    intact: received.digest('hex') === sentHash && kept.sha256 === sentHash,
  }));
})().catch((error) => { process.stderr.write(String(error)); process.exit(1); });
`;

function transferManual(
  base: string,
  token: string,
  device: string,
): Promise<{ uploadSeconds: number; downloadSeconds: number; intact: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-e', MANUAL_TRANSFER, base, token, device, String(MANUAL_BYTES)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as { uploadSeconds: number; downloadSeconds: number; intact: boolean })
        : reject(new Error(`The manual's transfer failed: ${err}`)),
    );
  });
}

/** A phone's photo of about 5 MB: noise compresses badly, as a close-up of a device's panel does. */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [2900, 2175];
  const noise = randomBytes(width * height * 3);
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 91 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '5/1 36/1 0/1' } })
    .toBuffer();
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Documents on a stack of their own (the demo data, files on the local disk): the device list's
 * latency alone and while a 100 MB manual is uploaded through the gateway and downloaded again,
 * with the gateway's memory; then 50 people each sending a 5 MB photo at the same moment.
 */
export async function measureDocuments(seconds: number): Promise<DocumentsResult> {
  const root = await mkdtemp(join(tmpdir(), 'caliber-bench-documents-'));
  await chmod(root, 0o755);
  const stack = await startThrowawayStack({
    dataDir: join(root, 'data'),
    env: { LOG_LEVEL: 'warn' },
    ...(process.env['BENCH_GATEWAY_FLAGS']
      ? { nodeFlags: { gateway: process.env['BENCH_GATEWAY_FLAGS'].split(' ') } }
      : {}),
    log: () => undefined,
    serviceOutput: () => undefined,
  });
  try {
    const base = stack.baseUrl;
    const gatewayPid = stack.services.find((service) => service.name === 'gateway')?.child.pid;
    if (!gatewayPid) throw new Error('The stack has no gateway process.');
    const engineer = await signInThroughApi(base, ENGINEER, stack.outboxPath);
    const auth = { authorization: `Bearer ${engineer.token}` };
    const devices = await json<EquipmentListResponse>(
      await fetch(`${base}/api/equipment?limit=2`, { headers: auth }),
    );
    const [device] = devices.equipment;
    if (!device) throw new Error('The demo inventory is empty.');
    const listUrl = `${base}/api/equipment?page=1&limit=9`;

    // Once to warm the gateway up (its heap, its connections), then measured with its memory.
    await measure(listUrl, auth, LIST_CONNECTIONS, seconds);
    const listRssBeforeMb = rssMb(gatewayPid, 'VmRSS');
    resetPeak(gatewayPid);
    const listAlone = await measure(listUrl, auth, LIST_CONNECTIONS, Math.max(seconds, 8));
    const listAlonePeakMb = rssMb(gatewayPid, 'VmHWM');

    const gatewayRssBeforeMb = rssMb(gatewayPid, 'VmRSS');
    const peakOfTheManual = resetPeak(gatewayPid);
    const manual = transferManual(base, engineer.token, device._id);
    // The list's clients run for as long as the manual takes to go up and down, at least `seconds`.
    const listWithManual = await measure(listUrl, auth, LIST_CONNECTIONS, Math.max(seconds, 8));
    const {
      uploadSeconds: manualUploadSeconds,
      downloadSeconds: manualDownloadSeconds,
      intact: manualIntact,
    } = await manual;
    const gatewayPeakMb = rssMb(gatewayPid, 'VmHWM');

    // Fifty Technicians on the roster, each signed in, each with one photo to send.
    const admin = await signInThroughApi(base, ADMIN, stack.outboxPath);
    const people: string[] = [];
    for (let index = 0; index < PHOTOGRAPHERS; index += 1) {
      const serviceNumber = `BENCH-PH-${String(index).padStart(3, '0')}`;
      await json(
        await fetch(`${base}/api/users`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            serviceNumber,
            name: `Photographer ${index}`,
            phoneNumber: `+1555020${String(index).padStart(4, '0')}`,
            role: 'Technician',
            department: 'ICU',
          }),
        }),
      );
      people.push((await signInThroughApi(base, serviceNumber, stack.outboxPath)).token);
    }
    const photo = await phonePhoto();
    const photosFailed: string[] = [];
    const started = Date.now();
    const kept = await Promise.all(
      people.map(async (token, index) => {
        const answer = await fetch(
          `${base}/api/equipment/${device._id}/documents?purpose=photo&fileName=panel-${index}.jpg`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
            body: new Uint8Array(photo),
          },
        );
        if (answer.status !== 201) {
          photosFailed.push(`${answer.status} ${await answer.text()}`);
          return null;
        }
        return (await answer.json()) as DocumentDto;
      }),
    );
    const photosSeconds = (Date.now() - started) / 1000;
    const photos = kept.filter((document): document is DocumentDto => document !== null);
    return {
      listAloneGrowthMb: listAlonePeakMb - listRssBeforeMb,
      listAlonePeakMb,
      listAlone,
      listWithManual,
      manualUploadSeconds,
      manualDownloadSeconds,
      manualIntact,
      gatewayRssBeforeMb,
      gatewayPeakMb,
      peakOfTheManual,
      photoBytes: photo.length,
      photosKept: photos.length,
      photosWithThumbnail: photos.filter((document) => document.hasThumbnail).length,
      photosFailed,
      photosSeconds,
    };
  } finally {
    await stack.stop();
    await rm(root, { recursive: true, force: true });
  }
}

export function printDocuments(result: DocumentsResult, say: (line: string) => void): void {
  const growth = result.gatewayPeakMb - result.gatewayRssBeforeMb;
  const overList = result.gatewayPeakMb - result.listAlonePeakMb;
  const ratio = result.listWithManual.p99 / result.listAlone.p99;
  say('\nDocuments: a 100 MB manual through the gateway beside the device list, then 50 photos at once');
  say(`  device list, ${LIST_CONNECTIONS} clients      p50 ms   p99 ms   req/s`);
  for (const [label, load] of [
    ['alone', result.listAlone],
    ['with the manual', result.listWithManual],
  ] as const)
    say(
      `  ${label.padEnd(24)} ${load.p50.toFixed(1).padStart(7)}  ${load.p99.toFixed(1).padStart(7)}  ${load.requestsPerSecond.toFixed(0).padStart(6)}`,
    );
  say(`  list p99 with the manual: ${(ratio * 100).toFixed(0)}% of alone (target ≤ 120%)`);
  say(
    `  manual: up ${result.manualUploadSeconds.toFixed(1)} s, down ${result.manualDownloadSeconds.toFixed(1)} s, ${result.manualIntact ? 'intact (SHA-256)' : 'NOT INTACT'}`,
  );
  say(
    `  gateway memory with the list alone: peak ${result.listAlonePeakMb.toFixed(0)} MB, +${result.listAloneGrowthMb.toFixed(0)} MB over its resident size before`,
  );
  say(
    `  gateway memory with the manual: ${result.gatewayRssBeforeMb.toFixed(0)} MB before, peak ${result.gatewayPeakMb.toFixed(0)} MB: +${growth.toFixed(0)} MB${result.peakOfTheManual ? '' : ' (peak since the gateway started)'}`,
  );
  // The list's own garbage grows the gateway by tens of megabytes before V8 collects it, and the
  // resident size just before the manual may be taken right after a collection: the manual's own
  // cost is how far its peak passes the peak the list reached alone.
  say(
    `  the manual's growth over the list's own peak: ${overList >= 0 ? '+' : ''}${overList.toFixed(0)} MB (target < 64 MB)`,
  );
  say(
    `  photos: ${result.photosKept} of ${PHOTOGRAPHERS} kept (${(result.photoBytes / 1024 / 1024).toFixed(1)} MB each), ${result.photosWithThumbnail} with a thumbnail, in ${result.photosSeconds.toFixed(1)} s`,
  );
  for (const failure of result.photosFailed.slice(0, 5)) say(`    refused: ${failure}`);
}

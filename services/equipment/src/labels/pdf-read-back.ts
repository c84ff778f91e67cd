import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Box } from './asset-labels-pdf';

/*
 * Tests read a sheet of labels back as a person's tools would: its text with pdftotext, its pages
 * rendered with pdftoppm and each QR code decoded from its own rectangle of the page (jsQR finds
 * one code an image). Both tools are poppler-utils, which CI installs.
 */

export const run = promisify(execFile);
export const DPI = 200;

let dir = '';

/** Checks the tools are there and makes a folder for the files; `endReadBack` removes it. */
export async function startReadBack(): Promise<void> {
  for (const tool of ['pdftotext', 'pdftoppm', 'pdfinfo', 'pdfimages']) {
    try {
      await run(tool, ['-v']);
    } catch {
      throw new Error(
        `${tool} is missing: these tests read the labels' PDF back with poppler-utils ` +
          '(apt-get install -y poppler-utils).',
      );
    }
  }
  dir = await mkdtemp(join(tmpdir(), 'caliber-labels-'));
}

export async function endReadBack(): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}

let files = 0;
export async function save(pdf: Buffer): Promise<string> {
  const file = join(dir, `labels-${++files}.pdf`);
  await writeFile(file, pdf);
  return file;
}

export async function pageCount(file: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [file]);
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
}

/** The page's text in the order it was drawn, white space made single spaces. */
export async function pageText(file: string, page: number): Promise<string> {
  const { stdout } = await run('pdftotext', [
    '-raw',
    '-enc',
    'UTF-8',
    '-f',
    `${page}`,
    '-l',
    `${page}`,
    file,
    '-',
  ]);
  return stdout.replace(/\s+/g, ' ').trim();
}

/** The page rendered at DPI, as RGBA. */
export async function renderPage(file: string, page: number): Promise<PNG> {
  const prefix = join(dir, `page-${++files}`);
  await run('pdftoppm', [
    '-r',
    `${DPI}`,
    '-png',
    '-singlefile',
    '-f',
    `${page}`,
    '-l',
    `${page}`,
    file,
    prefix,
  ]);
  return PNG.sync.read(await readFile(`${prefix}.png`));
}

/** A rectangle of the rendered page, given in points, as RGBA pixels. */
export function crop(image: PNG, box: Box): { data: Uint8ClampedArray; width: number; height: number } {
  const scale = DPI / 72;
  const left = Math.round(box.x * scale);
  const top = Math.round(box.y * scale);
  const width = Math.min(image.width, Math.round((box.x + box.width) * scale)) - left;
  const height = Math.min(image.height, Math.round((box.y + box.height) * scale)) - top;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((top + row) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { data, width, height };
}

export function decode(image: PNG, box: Box): string | null {
  const pixels = crop(image, box);
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

export function isBlank(image: PNG, box: Box): boolean {
  const { data } = crop(image, box);
  for (let index = 0; index < data.length; index += 4) {
    if ((data[index] ?? 255) < 200 || (data[index + 1] ?? 255) < 200 || (data[index + 2] ?? 255) < 200) {
      return false;
    }
  }
  return true;
}

import { Readable } from 'node:stream';
import { strToU8, zipSync } from 'fflate';
import { detectDocumentFormat, TEXT_SAMPLE_BYTES, type DetectedFormat } from './document-types';
import {
  docx,
  heicPhoto,
  opener,
  pdf,
  phoneJpeg,
  pixelBombPng,
  png,
  WEB_PAGE,
  webp,
  windowsProgram,
  xlsx,
} from './document-files.fixture';

function detect(bytes: Buffer, fileName = 'file'): Promise<DetectedFormat> {
  return detectDocumentFormat(opener(bytes), fileName);
}

describe('detectDocumentFormat', () => {
  it('knows each kept format from its bytes, whatever the file is called', async () => {
    expect(await detect(await phoneJpeg(), 'scan.pdf')).toEqual({ format: 'jpeg' });
    expect(await detect(await png(), 'photo.jpg')).toEqual({ format: 'png' });
    expect(await detect(await webp(), 'x')).toEqual({ format: 'webp' });
    expect(await detect(await pdf(), 'manual.docx')).toEqual({ format: 'pdf' });
    expect(await detect(await docx(), 'report.zip')).toEqual({ format: 'docx' });
    expect(await detect(await xlsx(), 'readings.docx')).toEqual({ format: 'xlsx' });
  });

  it('names what a refused file is', async () => {
    const archive = Buffer.from(zipSync({ 'readme.txt': strToU8('hello') }));
    expect(await detect(archive, 'report.docx')).toEqual({ format: null, description: 'a ZIP archive' });
    expect(await detect(windowsProgram(), 'manual.pdf')).toEqual({
      format: null,
      description: 'a Windows program (.exe)',
    });
    expect(await detect(heicPhoto(), 'IMG_0001.HEIC')).toEqual({
      format: null,
      description: 'a HEIC photo, whose location Caliber cannot remove',
    });
    expect(await detect(pixelBombPng(100_000, 100_000))).toEqual({ format: 'png' });
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect(await detect(gif)).toEqual({ format: null, description: 'a GIF image' });
  });

  it('takes UTF-8 text named .txt or .csv, and tells the two apart by the name only', async () => {
    const csv = Buffer.from('Test,Reading,Limit\r\nEarth leakage,0.1 mA,0.5 mA\r\nKalibrierung,ok,—\r\n');
    expect(await detect(csv, 'readings.CSV')).toEqual({ format: 'csv' });
    expect(await detect(csv, 'readings.txt')).toEqual({ format: 'text' });
    expect(await detect(Buffer.from('\ufeffBOM first line\n'), 'notes.txt')).toEqual({ format: 'text' });
    expect(await detect(csv, 'readings.json')).toEqual({
      format: null,
      description: 'a text file not named .txt or .csv',
    });
  });

  it('refuses text with a NUL byte, text that is not UTF-8, and UTF-16 text with a way out', async () => {
    expect(await detect(Buffer.from('Analyser\u0000output\n'), 'printout.txt')).toEqual({
      format: null,
      description: 'of an unknown type',
    });
    expect(await detect(Buffer.from([0x50, 0x72, 0xfc, 0x66, 0x75, 0x6e, 0x67]), 'latin1.txt')).toEqual({
      format: null,
      description: 'of an unknown type',
    });
    expect(await detect(Buffer.from('\ufeffReadings\r\n', 'utf16le'), 'readings.csv')).toEqual({
      format: null,
      description: 'text in UTF-16 (save it as UTF-8)',
    });
  });

  it('reads only the first 64 KB of text: a character cut at the end of the sample is no error', async () => {
    const before = Buffer.alloc(TEXT_SAMPLE_BYTES - 1, 'a');
    const text = Buffer.concat([before, Buffer.from('é and more text, then a NUL past the sample\u0000')]);
    expect(await detect(text, 'long.txt')).toEqual({ format: 'text' });
  });

  it('refuses a web page or an SVG even when it is named .txt or .pdf', async () => {
    expect(await detect(WEB_PAGE, 'notice.pdf')).toEqual({ format: null, description: 'a web page (HTML)' });
    expect(await detect(Buffer.from('  \n<html><script>x()</script>'), 'notes.txt')).toEqual({
      format: null,
      description: 'a web page (HTML)',
    });
    expect(
      await detect(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>'), 'a.txt'),
    ).toEqual({
      format: null,
      description: 'an XML or SVG document',
    });
  });

  it('reads no further into a large file than its signature needs', async () => {
    const start = await pdf();
    let served = 0;
    const open = async () =>
      Readable.from(
        (function* () {
          yield start;
          served += start.length;
          for (let chunk = 0; chunk < 6400; chunk += 1) {
            served += 16 * 1024;
            yield Buffer.alloc(16 * 1024, 0x20);
          }
        })(),
      );
    expect(await detectDocumentFormat(open, 'big.pdf')).toEqual({ format: 'pdf' });
    expect(served).toBeLessThan(1024 * 1024);
  });

  it('throws a failure of the store as it is: it says nothing about the file', async () => {
    const broken = new Error('the store is unreachable');
    const open = async () =>
      new Readable({
        read() {
          this.destroy(broken);
        },
      });
    await expect(detectDocumentFormat(open, 'a.pdf')).rejects.toBe(broken);
  });

  it('throws it too when the store fails past the start, while the parts of a ZIP are being followed', async () => {
    const archive = Buffer.from(
      zipSync({
        'padding.bin': [new Uint8Array(512 * 1024).fill(7), { level: 0 }],
        '[Content_Types].xml': strToU8('<Types/>'),
      }),
    );
    const broken = new Error('the connection to the store was reset');
    const open = async () =>
      Readable.from(
        (async function* () {
          yield archive.subarray(0, 200 * 1024);
          throw broken;
        })(),
      );
    await expect(detectDocumentFormat(open, 'report.docx')).rejects.toBe(broken);
  });
});

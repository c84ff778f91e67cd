import fc from 'fast-check';
import { DOCUMENT_FORMAT_DETAILS, DOCUMENT_FORMATS, fileNameFromDisposition } from '@caliber/contracts';
import {
  cleanFileNameText,
  contentDisposition,
  SAFE_NAME_MAX_BYTES,
  SAFE_NAME_MAX_LENGTH,
  safeFileName,
} from './safe-file-name';

const extensions = DOCUMENT_FORMATS.map((format) => DOCUMENT_FORMAT_DETAILS[format].extension);

/** Names as people and attackers write them: any code point, with the characters that matter often. */
const anyName = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '/',
          '\\',
          '..',
          '.',
          '"',
          "'",
          ':',
          '*',
          '?',
          '<',
          '>',
          '|',
          ' ',
          '\t',
          '\r\n',
          '\u0000',
        ),
        fc.constantFrom('\u202e', '\u2066', '\u200f', '\ufeff', '\u0085', '\u2028', '\ud800', '\udc00'),
        fc.constantFrom('é', '渡', '😀', 'exe', 'pdf', 'jpg'),
        fc.string({ maxLength: 8 }),
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join('')),
);

describe('safeFileName', () => {
  it.each([
    ['Service report.pdf', 'pdf', 'Service report.pdf'],
    ['C:\\Users\\nurse\\Desktop\\cracked housing.JPG', 'jpg', 'cracked housing.jpg'],
    ['/etc/passwd', 'txt', 'passwd.txt'],
    ['../../secret.pdf', 'pdf', 'secret.pdf'],
    ['IMG_1234.JPEG', 'jpg', 'IMG_1234.jpg'],
    ['notice.exe', 'pdf', 'notice.pdf'],
    ['notice.pdf.exe', 'pdf', 'notice.pdf.pdf'],
    ['Version 1.2', 'pdf', 'Version 1.2.pdf'],
    ['.htaccess', 'txt', 'htaccess.txt'],
    ['...', 'pdf', 'document.pdf'],
    ['', 'pdf', 'document.pdf'],
    ['   ', 'docx', 'document.docx'],
    ['Report   of\t\tMarch.docx', 'docx', 'Report of March.docx'],
    ['what: is "this"?.pdf', 'pdf', 'what is this.pdf'],
    ['a<b>c|d*e.csv', 'csv', 'a b c d e.csv'],
    ['line\r\nbreak.txt', 'txt', 'line break.txt'],
    ['photo\u202egpj.exe', 'jpg', 'photogpj.jpg'],
    ['CON.txt', 'txt', 'CON_.txt'],
    ['Kalibrierschein Prüfgerät.pdf', 'pdf', 'Kalibrierschein Prüfgerät.pdf'],
    ['Cafe\u0301.pdf', 'pdf', 'Café.pdf'],
  ])('%j as a .%s is %j', (given, extension, expected) => {
    expect(safeFileName(given, extension)).toBe(expected);
  });

  it('keeps at most 120 characters, the extension included, and never cuts a character in two', () => {
    const name = safeFileName(`${'a'.repeat(200)}.pdf`, 'pdf');
    expect(name).toBe(`${'a'.repeat(116)}.pdf`);
    const emoji = safeFileName(`${'😀'.repeat(200)}.jpg`, 'jpg');
    expect(emoji.endsWith('.jpg')).toBe(true);
    expect(emoji).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/u);
    expect(Buffer.byteLength(emoji)).toBeLessThanOrEqual(SAFE_NAME_MAX_BYTES);
  });

  it('never throws, and gives a short name with no path, quote, control or bidi character, ending in the extension', () => {
    fc.assert(
      fc.property(anyName, fc.constantFrom(...extensions), (given, extension) => {
        const name = safeFileName(given, extension);
        expect(name.endsWith(`.${extension}`)).toBe(true);
        expect(name.length).toBeGreaterThan(extension.length + 1);
        expect(Array.from(name).length).toBeLessThanOrEqual(SAFE_NAME_MAX_LENGTH);
        expect(Buffer.byteLength(name)).toBeLessThanOrEqual(SAFE_NAME_MAX_BYTES);
        expect(name).not.toMatch(/[/\\"'`:*?<>|]/);
        /* eslint-disable no-control-regex -- the property is that none are left */
        expect(name).not.toMatch(
          /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u,
        );
        /* eslint-enable no-control-regex */
        expect(name).not.toMatch(/^[.\s]|\s$|\s{2}/u);
      }),
      { numRuns: 2000 },
    );
  });

  it('is stable: a safe name stays as it is', () => {
    fc.assert(
      fc.property(anyName, fc.constantFrom(...extensions), (given, extension) => {
        const name = safeFileName(given, extension);
        expect(safeFileName(name, extension)).toBe(name);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII filename and the exact UTF-8 one (RFC 6266 and 5987)', () => {
    expect(contentDisposition('Prüfprotokoll (März).pdf')).toBe(
      `attachment; filename="Prufprotokoll (Marz).pdf"; filename*=UTF-8''Pr%C3%BCfprotokoll%20%28M%C3%A4rz%29.pdf`,
    );
    expect(contentDisposition('校准证书.pdf', true)).toBe(
      `inline; filename="____.pdf"; filename*=UTF-8''%E6%A0%A1%E5%87%86%E8%AF%81%E4%B9%A6.pdf`,
    );
    expect(contentDisposition('100% done.txt')).toBe(
      `attachment; filename="100_ done.txt"; filename*=UTF-8''100%25%20done.txt`,
    );
  });

  it('cleans whatever name it is given, so a header never carries a line break or a quote', () => {
    expect(contentDisposition('a"\r\nSet-Cookie: x=1.pdf')).toBe(
      `attachment; filename="a Set-Cookie x=1.pdf"; filename*=UTF-8''a%20Set-Cookie%20x%3D1.pdf`,
    );
    expect(contentDisposition('')).toBe(`attachment; filename="document"; filename*=UTF-8''document`);
  });

  it('never throws, is a valid header value, and reads back as the name it was given', () => {
    fc.assert(
      fc.property(anyName, fc.constantFrom(...extensions), fc.boolean(), (given, extension, inline) => {
        const name = safeFileName(given, extension);
        const header = contentDisposition(name, inline);
        // A header value is visible ASCII and spaces only.
        expect(header).toMatch(/^[\x20-\x7e]+$/);
        expect(header.startsWith(inline ? 'inline; ' : 'attachment; ')).toBe(true);
        expect(fileNameFromDisposition(header, 'fallback')).toBe(name);
        expect(header.match(/"/g)).toHaveLength(2);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('cleanFileNameText', () => {
  it('drops the path, controls, quotes and reserved characters and collapses spaces', () => {
    expect(cleanFileNameText('dir/sub\\"na\u0007me"  x')).toBe('name x');
  });
});

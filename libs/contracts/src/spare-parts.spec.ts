import fc from 'fast-check';
import { formatSpareParts, parseSpareParts, SPARE_PART_LIMITS } from './spare-parts';

const part = (name: string, quantity = 1, description = '') => ({
  name,
  quantity,
  description,
  // A part read from the text has no price or supplier: those are recorded apart, by cost readers.
  unitCost: null,
  supplierId: null,
  supplierName: null,
});

describe('spare parts text', () => {
  it('reads name x quantity - description, one part per line', () => {
    expect(parseSpareParts('Oxygen sensor x 2 - Dräger 6850645\nBattery x 1 - 12 V lead acid').parts).toEqual(
      [part('Oxygen sensor', 2, 'Dräger 6850645'), part('Battery', 1, '12 V lead acid')],
    );
  });

  it('takes quantity 1 when none is given, with or without a description', () => {
    expect(parseSpareParts('Fuse - 5 A slow blow\nHEPA filter').parts).toEqual([
      part('Fuse', 1, '5 A slow blow'),
      part('HEPA filter'),
    ]);
  });

  it('drops blank lines and trims, and counts lines as typed for its messages', () => {
    const parsed = parseSpareParts('\n  \r\n  O-ring x3  \n\nFlow sensor x 0\r\n');
    expect(parsed.parts).toEqual([part('O-ring', 3)]);
    expect(parsed.errors).toEqual([
      { line: 5, message: 'Line 5: the quantity must be a whole number from 1 to 10000.' },
    ]);
    expect(parseSpareParts('').parts).toEqual([]);
  });

  it('keeps hyphens and an x inside names', () => {
    expect(parseSpareParts('Box x-ray film x 4\nT-piece - paediatric\nMax xenon lamp').parts).toEqual([
      part('Box x-ray film', 4),
      part('T-piece', 1, 'paediatric'),
      part('Max xenon lamp'),
    ]);
  });

  it('refuses fractional, negative and huge quantities, and a line with no name', () => {
    const parsed = parseSpareParts('Valve x 1.5\nValve x -2\nValve x 10001\n- only a description');
    expect(parsed.parts).toEqual([]);
    expect(parsed.errors.map((error) => error.line)).toEqual([1, 2, 3, 4]);
    expect(parsed.errors[3]?.message).toBe('Line 4: the part needs a name.');
  });

  it('refuses too long a name or description, and too many parts', () => {
    expect(parseSpareParts(`${'n'.repeat(121)} x 1`).errors[0]?.message).toMatch(/at most 120/);
    expect(parseSpareParts(`Seal - ${'d'.repeat(501)}`).errors[0]?.message).toMatch(/at most 500/);
    const many = Array.from({ length: SPARE_PART_LIMITS.maxParts + 1 }, (_, i) => `Part ${i}`).join('\n');
    expect(parseSpareParts(many).errors).toEqual([
      { line: 0, message: 'A task may list at most 100 spare parts.' },
    ]);
  });

  it('reads back what it formats', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9()./]{0,11}$/);
    const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
    const description = fc.array(word, { maxLength: 4 }).map((words) => words.join(' '));
    fc.assert(
      fc.property(
        fc.array(fc.record({ name, quantity: fc.integer({ min: 1, max: 10_000 }), description }), {
          maxLength: 8,
        }),
        (parts) => {
          const parsed = parseSpareParts(formatSpareParts(parts));
          expect(parsed.errors).toEqual([]);
          expect(parsed.parts).toEqual(
            parts.map((p) => ({ ...p, unitCost: null, supplierId: null, supplierName: null })),
          );
        },
      ),
    );
  });
});

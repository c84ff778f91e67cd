import { modelKey } from './equipment-document-records';

describe("a device's model, as its manuals are shared", () => {
  it('is the same for the same manufacturer and model, whatever their case and spacing', () => {
    expect(modelKey('Dräger', 'Evita V500')).toBe('dräger|evita v500');
    expect(modelKey('  DRÄGER ', 'evita   V500')).toBe(modelKey('Dräger', 'Evita V500'));
    expect(modelKey('Dra\u0308ger', 'Evita V500')).toBe(modelKey('Dräger', 'Evita V500'));
  });

  it('differs between models and makers', () => {
    expect(modelKey('Dräger', 'Evita V300')).not.toBe(modelKey('Dräger', 'Evita V500'));
    expect(modelKey('Hamilton', 'Evita V500')).not.toBe(modelKey('Dräger', 'Evita V500'));
  });

  it('is none when either is missing, so nothing is shared by accident', () => {
    expect(modelKey('', 'Evita V500')).toBeNull();
    expect(modelKey('Dräger', '  ')).toBeNull();
  });
});

import { assertValidKey, assertValidPrefix, keyProblem, listLimit, MAX_LIST_LIMIT } from './storage-keys';

describe('storage keys', () => {
  it.each([
    'incoming/0b9e6c1e-7a43-4d0f-9d8c-2f1f0f4a8b11',
    'equipment/documents/0b9e6c1e-7a43-4d0f-9d8c-2f1f0f4a8b11',
    'maintenance/photos/2026/11/a_b-c.thumb.jpg',
    '0',
    'a/.b',
  ])('takes the key %s', (key) => {
    expect(keyProblem(key)).toBeNull();
    expect(() => assertValidKey(key)).not.toThrow();
  });

  it.each([
    ['is empty', ''],
    ['may hold only', '../x'],
    ['may not contain ".."', 'a/../x'],
    ['may not contain ".."', 'a..b'],
    ['may hold only', '/a'],
    ['may hold only', '.partial/x'],
    ['may hold only', '-a'],
    ['may hold only', 'A'],
    ['may hold only', 'a b'],
    ['may hold only', 'a\\b'],
    ['may hold only', 'a\0b'],
    ['may hold only', 'é'],
    ['may not contain "//"', 'a//b'],
    ['may not end with "/"', 'a/'],
    ['may not have a "." segment', 'a/./b'],
    ['may not have a "." segment', 'a/.'],
    ['may not have a segment (between slashes) longer than 200 characters', `a/${'x'.repeat(201)}`],
    ['is longer than 512 characters', `${'a'.repeat(200)}/${'b'.repeat(200)}/${'c'.repeat(111)}`],
  ])('refuses a key (%#) that breaks the rule: it %s', (problem, key) => {
    expect(keyProblem(key)).toContain(problem);
    expect(() => assertValidKey(key)).toThrow(`The storage key ${JSON.stringify(key)} ${problem}`);
  });

  it('takes a key of 512 characters in segments of 200', () => {
    expect(keyProblem(`${'a'.repeat(200)}/${'b'.repeat(200)}/${'c'.repeat(110)}`)).toBeNull();
  });

  it('takes as list prefixes the empty one, folders and the starts of keys', () => {
    for (const prefix of ['', 'equipment/', 'equipment/doc', 'incoming/2026'])
      expect(() => assertValidPrefix(prefix)).not.toThrow();
    for (const prefix of ['../', '/', 'a//', 'Equipment/'])
      expect(() => assertValidPrefix(prefix)).toThrow('The storage prefix');
  });

  it('pages lists by at most 1000 keys, and refuses a limit that is not a whole number above 0', () => {
    expect(listLimit(undefined)).toBe(MAX_LIST_LIMIT);
    expect(listLimit(1)).toBe(1);
    expect(listLimit(5000)).toBe(1000);
    for (const limit of [0, -1, 2.5, Number.NaN]) expect(() => listLimit(limit)).toThrow('list limit');
  });
});

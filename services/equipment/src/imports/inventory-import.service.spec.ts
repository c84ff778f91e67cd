import {
  DATES_READ_ONE_WAY_NOTE,
  INVENTORY_IMPORT_KEYS,
  type InventoryFileRow,
  type InventoryImportKey,
} from '@caliber/contracts';
import { chooseDateOrder } from './inventory-import.service';

const rowOf = (line: number, installationDate: string, warrantyExpiry = ''): InventoryFileRow => ({
  line,
  cells: {
    ...(Object.fromEntries(INVENTORY_IMPORT_KEYS.map((key) => [key, ''])) as Record<
      InventoryImportKey,
      string
    >),
    installationDate,
    warrantyExpiry,
  },
});

const automatic = (...rows: InventoryFileRow[]) =>
  chooseDateOrder({ dateOrderAsked: 'auto', columns: {} }, rows);

describe('chooseDateOrder', () => {
  it('keeps the order the person chose', () => {
    expect(chooseDateOrder({ dateOrderAsked: 'MDY', columns: {} }, [rowOf(2, '31/03/2021')])).toEqual({
      dateOrder: 'MDY',
      dateOrderNote: 'Dates were read month first, as chosen.',
    });
  });

  it("reads the order from the file's unambiguous dates, in either column", () => {
    expect(automatic(rowOf(2, '03/04/2021'), rowOf(3, '04/05/2021', '31/12/2024')).dateOrder).toBe('DMY');
    expect(automatic(rowOf(2, '03/04/2021'), rowOf(3, '12/31/2021')).dateOrder).toBe('MDY');
    expect(automatic(rowOf(2, '31/03/2021'), rowOf(3, '12/31/2021')).dateOrderNote).toMatch(
      /some dates day first and others month first/,
    );
  });

  it('says day first was guessed when a date could mean two days and nothing decides', () => {
    expect(automatic(rowOf(2, '03/04/2021'), rowOf(3, '44259')).dateOrderNote).toMatch(
      /read day first \(3 April\)\. Choose Month first/,
    );
  });

  it('offers no other order when every date reads one way only (date cells, year first, month names)', () => {
    const note = automatic(
      rowOf(2, '44259'),
      rowOf(3, '2021-03-04', '4 Mar 2024'),
      // The same day either way round: nothing depends on the order.
      rowOf(4, '05/05/2021'),
    ).dateOrderNote;
    expect(note).toBe(DATES_READ_ONE_WAY_NOTE);
    expect(note).not.toMatch(/Choose Month first/);
  });
});

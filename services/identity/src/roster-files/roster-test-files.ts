import { workbookWithRows } from '@caliber/file-kit/testing';

/** The roster's required columns: the least header a roster file has. */
export const ROSTER_HEADER = ['Service Number', 'Full Name', 'Phone'] as const;

/** The hostile file of the review: 6 KB, the header and one cell on the sheet's last row, 1,048,576. */
export function cellOnTheLastRow(): Promise<Buffer> {
  return workbookWithRows(ROSTER_HEADER, { 1_048_576: ['BME-LAST'] });
}

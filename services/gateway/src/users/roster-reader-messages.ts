import type { RosterFileRow } from '@caliber/contracts';
import type { RosterRefusalCode } from './roster-refusal';

/** What a roster reader thread answers: the file's people, or why the file is refused. */
export type RosterReaderAnswer =
  { rows: RosterFileRow[] } | { refusal: { code: RosterRefusalCode; message: string } };

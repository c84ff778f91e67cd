import type { RosterFileRow } from '@caliber/contracts';
import type { RosterRefusalCode } from './roster-refusal';
import type { RosterFileKind } from './roster-rows';

/** What the gateway sends a roster reader thread: one file, as bytes. */
export interface RosterReaderFile {
  kind: RosterFileKind;
  bytes: Uint8Array;
}

/** What a roster reader thread answers: the file's people, or why the file is refused. */
export type RosterReaderAnswer =
  { rows: RosterFileRow[] } | { refusal: { code: RosterRefusalCode; message: string } };

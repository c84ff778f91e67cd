/** The codes a roster file is refused with: its size (413) or its content (400), as the import answers. */
export type RosterRefusalCode = 'PAYLOAD_TOO_LARGE' | 'VALIDATION_FAILED';

/**
 * A roster file refused, with the message the person reads. Thrown where the file is read (in a
 * worker thread, which does not load the service kit) and turned into a ServiceError by the gateway.
 */
export class RosterRefusal extends Error {
  constructor(
    readonly code: RosterRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'RosterRefusal';
  }
}

export const refuseContent = (message: string): never => {
  throw new RosterRefusal('VALIDATION_FAILED', message);
};

export const UNREADABLE_XLSX = 'The roster file could not be read as an Excel workbook (.xlsx).';
export const UNREADABLE_CSV = 'The roster file could not be read as CSV.';

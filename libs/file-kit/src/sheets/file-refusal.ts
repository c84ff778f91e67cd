/** The codes a file is refused with: its size (413) or its content (400), as the routes answer. */
export type FileRefusalCode = 'PAYLOAD_TOO_LARGE' | 'VALIDATION_FAILED';

/**
 * A file refused, with the message the person reads. Thrown where the file is read or written (in
 * a worker thread, which does not load the service kit) and turned into a ServiceError by the
 * gateway.
 */
export class FileRefusal extends Error {
  constructor(
    readonly code: FileRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'FileRefusal';
  }
}

export const refuseContent = (message: string): never => {
  throw new FileRefusal('VALIDATION_FAILED', message);
};

export const refuseSize = (message: string): never => {
  throw new FileRefusal('PAYLOAD_TOO_LARGE', message);
};

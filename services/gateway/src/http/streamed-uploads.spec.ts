import { isStreamedUpload } from './streamed-uploads';

describe('the upload routes whose bodies are streamed', () => {
  it("are the POSTs of a record's documents and of an analyser or roster file's import, and no other", () => {
    expect(isStreamedUpload('POST', '/api/safety-tests/imports/preview')).toBe(true);
    expect(isStreamedUpload('POST', '/api/safety-tests/imports/apply')).toBe(true);
    expect(isStreamedUpload('POST', '/api/users/import/preview')).toBe(true);
    expect(isStreamedUpload('POST', '/api/users/import')).toBe(true);
    expect(isStreamedUpload('POST', '/api/users')).toBe(false);
    expect(isStreamedUpload('POST', '/api/equipment')).toBe(false);
    expect(isStreamedUpload('POST', '/api/equipment/7b1e6a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b/documents')).toBe(
      true,
    );
    expect(isStreamedUpload('POST', '/api/tasks/x/documents/')).toBe(true);
    expect(isStreamedUpload('POST', '/api/safety-tests/x/documents')).toBe(true);
    expect(isStreamedUpload('POST', '/api/recalls/x/documents')).toBe(true);
    expect(isStreamedUpload('GET', '/api/tasks/x/documents')).toBe(false);
    expect(isStreamedUpload('POST', '/api/tasks/x/documents/y')).toBe(false);
    expect(isStreamedUpload('POST', '/api/users/x/documents')).toBe(false);
    expect(isStreamedUpload('POST', '/api/tasks/x/y/documents')).toBe(false);
    expect(isStreamedUpload('POST', '/api/tasks')).toBe(false);
  });
});

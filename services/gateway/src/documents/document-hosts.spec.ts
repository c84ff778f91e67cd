import { isDocumentUpload } from './document-hosts';

describe('the upload routes whose bodies are streamed', () => {
  it("are the POSTs of a record's documents only", () => {
    expect(isDocumentUpload('POST', '/api/equipment/7b1e6a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b/documents')).toBe(
      true,
    );
    expect(isDocumentUpload('POST', '/api/tasks/x/documents/')).toBe(true);
    expect(isDocumentUpload('POST', '/api/safety-tests/x/documents')).toBe(true);
    expect(isDocumentUpload('POST', '/api/recalls/x/documents')).toBe(true);
    expect(isDocumentUpload('GET', '/api/tasks/x/documents')).toBe(false);
    expect(isDocumentUpload('POST', '/api/tasks/x/documents/y')).toBe(false);
    expect(isDocumentUpload('POST', '/api/users/x/documents')).toBe(false);
    expect(isDocumentUpload('POST', '/api/tasks/x/y/documents')).toBe(false);
    expect(isDocumentUpload('POST', '/api/tasks')).toBe(false);
  });
});

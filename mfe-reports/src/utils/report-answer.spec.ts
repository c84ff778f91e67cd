import {
  appLinkOf,
  failureMessage,
  readGenerateAnswer,
  refusalOf,
  REPORT_ANSWER_TEXTS,
  successMessage,
} from './report-answer';

const ORIGIN = 'https://cmms.hospital.example';
const AT = new Date(1_774_000_000_123);

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

const file = (bytes: string, headers: Record<string, string> = {}) =>
  new Response(bytes, { status: 200, headers: { 'content-type': 'application/pdf', ...headers } });

describe('reading the answer to Generate', () => {
  it('saves the file under the name the server gives', async () => {
    const answer = await readGenerateAnswer(
      file('%PDF-1.7', { 'content-disposition': 'attachment; filename="cmms-report-1774000000999.pdf"' }),
      'pdf',
      AT,
      ORIGIN,
    );
    expect(answer).toMatchObject({ kind: 'file', fileName: 'cmms-report-1774000000999.pdf' });
    if (answer.kind === 'file') expect(await answer.blob.text()).toBe('%PDF-1.7');
  });

  it('falls back to cmms-report-{timestamp}.{format} when the header names no file', async () => {
    for (const format of ['pdf', 'xlsx', 'docx'] as const) {
      const answer = await readGenerateAnswer(file('bytes'), format, AT, ORIGIN);
      expect(answer).toMatchObject({ kind: 'file', fileName: `cmms-report-1774000000123.${format}` });
    }
    const attachmentOnly = await readGenerateAnswer(
      file('bytes', { 'content-disposition': 'attachment' }),
      'xlsx',
      AT,
      ORIGIN,
    );
    expect(attachmentOnly).toMatchObject({ fileName: 'cmms-report-1774000000123.xlsx' });
  });

  it("opens the report's page when the answer is a link, resolved against the app's origin", async () => {
    const answer = await readGenerateAnswer(
      json(
        { fileUrl: '/reports/jobs/3f1c9a2e-0000-4000-8000-000000000001', jobId: 'x', scheduleId: null },
        202,
      ),
      'pdf',
      AT,
      ORIGIN,
    );
    expect(answer).toEqual({
      kind: 'link',
      href: `${ORIGIN}/reports/jobs/3f1c9a2e-0000-4000-8000-000000000001`,
    });
  });

  it('calls JSON without a usable link unexpected', async () => {
    for (const body of [{ jobId: 'x' }, { fileUrl: '' }, { fileUrl: 'javascript:alert(1)' }, [1], null])
      expect(await readGenerateAnswer(json(body, 202), 'pdf', AT, ORIGIN)).toEqual({ kind: 'unexpected' });
    const broken = new Response('{not json', {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
    expect(await readGenerateAnswer(broken, 'pdf', AT, ORIGIN)).toEqual({ kind: 'unexpected' });
  });

  it("reads a refusal's message from its body, which arrives as a blob like any file", async () => {
    const refused = json(
      { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Select at least one report type.' },
      400,
    );
    expect(await readGenerateAnswer(refused, 'pdf', AT, ORIGIN)).toEqual({
      kind: 'refused',
      status: 400,
      message: 'Select at least one report type.',
      code: 'VALIDATION_FAILED',
    });
    const blank = new Response('<html>Bad gateway</html>', { status: 502 });
    expect(await readGenerateAnswer(blank, 'pdf', AT, ORIGIN)).toEqual({
      kind: 'refused',
      status: 502,
      message: '',
      code: undefined,
    });
    expect(await refusalOf(new Response('', { status: 500 }))).toEqual({ message: '', code: undefined });
  });
});

describe('the messages', () => {
  it('says a download or an opened link, with the delivery sentence when scheduled or e-mailed', () => {
    expect(successMessage('file', false)).toBe('Report downloaded successfully.');
    expect(successMessage('link', false)).toBe('Report is ready. Opened download link in a new tab.');
    expect(successMessage('file', true)).toBe(
      'Report downloaded successfully. Scheduled / email delivery configured.',
    );
    expect(successMessage('link', true)).toBe(
      'Report is ready. Opened download link in a new tab. Scheduled / email delivery configured.',
    );
  });

  it("says the server's message, else 'Failed to generate report.'", () => {
    expect(failureMessage('The report queue is not reachable.')).toBe('The report queue is not reachable.');
    expect(failureMessage('')).toBe('Failed to generate report.');
    expect(failureMessage('  ')).toBe('Failed to generate report.');
    expect(failureMessage(undefined)).toBe(REPORT_ANSWER_TEXTS.failed);
    expect(REPORT_ANSWER_TEXTS.unexpected).toBe('Unexpected server response.');
  });
});

describe('links the dialog may open', () => {
  it("takes this app's paths and http(s) addresses only", () => {
    expect(appLinkOf('/reports/jobs/1', ORIGIN)).toBe(`${ORIGIN}/reports/jobs/1`);
    expect(appLinkOf(' /reports ', ORIGIN)).toBe(`${ORIGIN}/reports`);
    expect(appLinkOf('https://files.hospital.example/r/1', ORIGIN)).toBe(
      'https://files.hospital.example/r/1',
    );
    for (const refused of [
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      '',
      42,
    ])
      expect(appLinkOf(refused, ORIGIN)).toBeNull();
  });
});

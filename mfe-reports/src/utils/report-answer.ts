import {
  isApiErrorBody,
  reportFileName,
  type ReportFormat,
  fileNameFromDisposition,
} from '@caliber/contracts';

/**
 * What the dialog does with the answer to `POST /reports/generate`, and what it says. The file
 * itself (200) is saved; a link (202 `{fileUrl}`: the report's own page, when the file was not
 * ready in time or is not to be downloaded now) opens in a new tab. Only `Response` and `Blob`
 * are used, both Node's too, so this is tested under Node.
 */
export const REPORT_ANSWER_TEXTS = {
  opened: 'Report is ready. Opened download link in a new tab.',
  downloaded: 'Report downloaded successfully.',
  /** Appended to either when the request scheduled the report or e-mails it. */
  deliveryConfigured: ' Scheduled / email delivery configured.',
  unexpected: 'Unexpected server response.',
  failed: 'Failed to generate report.',
} as const;

export type GenerateAnswer =
  | { kind: 'link'; href: string }
  | { kind: 'file'; blob: Blob; fileName: string }
  | { kind: 'unexpected' }
  | { kind: 'refused'; status: number; message: string; code: string | undefined };

/**
 * A server-given link made safe to open: a path of this app (`/reports/jobs/…`, resolved against
 * `origin`) or an http(s) address. Anything else (`javascript:`, `//elsewhere`, not text) is null:
 * the answer is then not one the dialog can use.
 */
export function appLinkOf(fileUrl: unknown, origin: string): string | null {
  if (typeof fileUrl !== 'string') return null;
  const link = fileUrl.trim();
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')) {
    try {
      return new URL(link, origin).href;
    } catch {
      return null;
    }
  }
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The `message` of a refusal's body (read as text: the call asked for a file), or ''. */
export async function refusalOf(response: Response): Promise<{ message: string; code: string | undefined }> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text()) as unknown;
  } catch {
    body = null;
  }
  return isApiErrorBody(body) ? { message: body.message, code: body.code } : { message: '', code: undefined };
}

function isJson(response: Response): boolean {
  return /\bjson\b/i.test(response.headers.get('content-type') ?? '');
}

/**
 * Reads the answer: a refusal with the server's message (an error body arrives as a blob like
 * any file, so it is parsed here), JSON with a usable `fileUrl` as a link, other JSON as
 * unexpected, and anything else as the file, named by Content-Disposition or else
 * `cmms-report-{timestamp}.{format}` for the moment it arrived.
 */
export async function readGenerateAnswer(
  response: Response,
  format: ReportFormat,
  now: Date,
  origin: string,
): Promise<GenerateAnswer> {
  if (!response.ok) {
    const { message, code } = await refusalOf(response);
    return { kind: 'refused', status: response.status, message, code };
  }
  if (isJson(response)) {
    let body: unknown;
    try {
      body = JSON.parse(await response.text()) as unknown;
    } catch {
      return { kind: 'unexpected' };
    }
    const href =
      typeof body === 'object' && body !== null && 'fileUrl' in body ? appLinkOf(body.fileUrl, origin) : null;
    return href ? { kind: 'link', href } : { kind: 'unexpected' };
  }
  // A file is only ever the 200 answer; anything else without JSON is not one the dialog knows.
  if (response.status !== 200) return { kind: 'unexpected' };
  const fileName = fileNameFromDisposition(
    response.headers.get('content-disposition'),
    reportFileName(format, now),
  );
  return { kind: 'file', blob: await response.blob(), fileName };
}

/** The success message: the link or the download, with the delivery sentence when scheduled or e-mailed. */
export function successMessage(kind: 'link' | 'file', deliveryConfigured: boolean): string {
  const base = kind === 'link' ? REPORT_ANSWER_TEXTS.opened : REPORT_ANSWER_TEXTS.downloaded;
  return deliveryConfigured ? `${base}${REPORT_ANSWER_TEXTS.deliveryConfigured}` : base;
}

/** A refusal as the dialog says it: the server's message, else the fallback. */
export function failureMessage(message: string | null | undefined): string {
  return message?.trim() ? message : REPORT_ANSWER_TEXTS.failed;
}

import { createHash } from 'node:crypto';
import { FileNotStoredError, type FileStore } from '@caliber/service-kit';
import type { Client } from 'pg';

/** The schemas whose services keep documents and photos (a `documents` table each). */
export const DOCUMENT_SCHEMAS = ['equipment', 'maintenance'] as const;

/** Rows read at a time: the drill's memory stays the same whatever the number of documents. */
const PAGE = 500;

/** Problems printed at most; the count says how many more there were. */
const SHOWN_PROBLEMS = 50;

interface DocumentRow {
  id: string;
  storage_key: string;
  thumbnail_key: string | null;
  bytes: string;
  sha256: string;
}

export interface FilesVerdict {
  /** Live document rows checked (each one's file and thumbnail present, the file of its size). */
  documents: number;
  /** Of them, the files whose bytes were hashed and compared with the row's SHA-256. */
  hashed: number;
  /** One line per missing or altered file, naming the document. */
  problems: string[];
}

async function sha256Of(store: FileStore, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await store.get(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function documentSchemas(db: Client): Promise<string[]> {
  const found = await db.query<{ schema: string }>(
    `SELECT table_schema AS schema FROM information_schema.tables
      WHERE table_name = 'documents' AND table_schema = ANY($1) ORDER BY 1`,
    [[...DOCUMENT_SCHEMAS]],
  );
  return found.rows.map((row) => row.schema);
}

/** How many live document rows (`removed_at IS NULL`) the database holds, over both schemas. */
export async function liveDocumentCount(db: Client): Promise<number> {
  let total = 0;
  for (const schema of await documentSchemas(db)) {
    const counted = await db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM "${schema}"."documents" WHERE "removed_at" IS NULL`,
    );
    total += Number(counted.rows[0]?.n ?? 0);
  }
  return total;
}

/**
 * Checks every live document row (`removed_at IS NULL`) of the restored database against the
 * files: its file and its thumbnail are there, the file of the row's length, and (for every row,
 * or every `hashEvery`-th when a sample is asked for) the SHA-256 of the file's bytes is the
 * row's. A removed document's file may be gone: only live rows must have theirs.
 */
export async function checkDocumentFiles(
  db: Client,
  store: FileStore,
  options: { hashEvery: number },
): Promise<FilesVerdict> {
  const verdict: FilesVerdict = { documents: 0, hashed: 0, problems: [] };
  for (const schema of await documentSchemas(db)) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (
        await db.query<DocumentRow>(
          `SELECT "id", "storage_key", "thumbnail_key", "bytes"::text AS bytes, "sha256"
             FROM "${schema}"."documents" WHERE "removed_at" IS NULL AND "id" > $1 ORDER BY "id" LIMIT ${PAGE}`,
          [after],
        )
      ).rows;
      for (const row of rows) {
        const hash = verdict.documents % options.hashEvery === 0;
        verdict.documents += 1;
        const problem = await checkRow(store, schema, row, hash);
        if (hash && problem === null) verdict.hashed += 1;
        if (problem !== null) verdict.problems.push(problem);
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]?.id ?? after;
    }
  }
  return verdict;
}

async function checkRow(
  store: FileStore,
  schema: string,
  row: DocumentRow,
  hash: boolean,
): Promise<string | null> {
  const name = `${schema} document ${row.id}`;
  const size = await store.size(row.storage_key);
  if (size === null) return `${name}: its file ${row.storage_key} is missing`;
  if (size !== Number(row.bytes))
    return `${name}: its file ${row.storage_key} is ${size} bytes, the row says ${row.bytes}`;
  if (row.thumbnail_key !== null && (await store.size(row.thumbnail_key)) === null)
    return `${name}: its thumbnail ${row.thumbnail_key} is missing`;
  if (!hash) return null;
  try {
    const sum = await sha256Of(store, row.storage_key);
    if (sum !== row.sha256.trim())
      return `${name}: its file ${row.storage_key} has SHA-256 ${sum}, the row says ${row.sha256.trim()}`;
  } catch (error) {
    if (error instanceof FileNotStoredError) return `${name}: its file ${row.storage_key} is missing`;
    throw error;
  }
  return null;
}

/** The problems as the drill prints them: the first SHOWN_PROBLEMS, then how many more. */
export function describeProblems(problems: string[]): string {
  const shown = problems.slice(0, SHOWN_PROBLEMS);
  const more = problems.length - shown.length;
  return [...shown, ...(more > 0 ? [`… and ${more} more`] : [])].join('\n  ');
}

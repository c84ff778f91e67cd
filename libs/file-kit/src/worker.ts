/*
 * What a worker thread (and the readers and writers it runs) may load: job kinds, the runner, the
 * refusals and the spreadsheet readers, and nothing of the service kit, so a thread's heap is for
 * its file. A service's job table and its readers import from here; its pool from the main entry.
 */
export * from './file-job';
export { runFileWorker } from './run-file-worker';
export * from './sheets/file-refusal';
export * from './sheets/sheet-file';
export { csvDelimiter, csvRows, csvText } from './sheets/csv';
export { refuseHeaderOnly, refuseNoRows, refuseUpload, sheetRows } from './sheets/read-sheet';
export { cellText, xlsxRows } from './sheets/xlsx';
export { writeWorkbook, type WorkbookWriting } from './sheets/workbook-writer';
export { inflateEntry, refuseDeclaredBeyond, storedZip, zipDirectory, type ZipEntry } from './sheets/zip';

import type { Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { FileStore } from '../storage/file-store';
import { DocumentShelf } from './document-shelf';

/** The service's file store (disk or S3, from its configuration). */
export const FILE_STORE = Symbol('FILE_STORE');

/** The factory of the service's file store and its document shelf, for a service module's providers. */
export function documentShelfProviders(service: string, store: FileStore): Provider[] {
  return [
    { provide: FILE_STORE, useValue: store },
    {
      provide: DocumentShelf,
      inject: [getDataSourceToken()],
      useFactory: (dataSource: DataSource) => new DocumentShelf(service, dataSource, store),
    },
  ];
}

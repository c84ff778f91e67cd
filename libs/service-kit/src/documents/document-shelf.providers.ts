import { Inject, Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { FileStore } from '../storage/file-store';
import { DocumentShelf } from './document-shelf';

/** The service's file store (disk or S3, from its configuration). */
export const FILE_STORE = Symbol('FILE_STORE');

/** Closes the file store's connections when the process shuts down. */
@Injectable()
export class FileStoreCloser implements OnApplicationShutdown {
  constructor(@Inject(FILE_STORE) private readonly store: FileStore) {}

  onApplicationShutdown(): void {
    this.store.close?.();
  }
}

/** The file store of a process, and what closes it at shutdown. */
export function fileStoreProviders(store: FileStore): Provider[] {
  return [{ provide: FILE_STORE, useValue: store }, FileStoreCloser];
}

/** The factory of the service's file store and its document shelf, for a service module's providers. */
export function documentShelfProviders(service: string, store: FileStore): Provider[] {
  return [
    ...fileStoreProviders(store),
    {
      provide: DocumentShelf,
      inject: [getDataSourceToken()],
      useFactory: (dataSource: DataSource) => new DocumentShelf(service, dataSource, store),
    },
  ];
}

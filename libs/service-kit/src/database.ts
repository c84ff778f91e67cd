import {
  DataSource,
  QueryFailedError,
  type DataSourceOptions,
  type EntitySchema,
  type MixedList,
} from 'typeorm';

export interface ServiceDatabaseOptions {
  url: string;
  /** The PostgreSQL schema the service owns; no other service reads it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for migration classes
  migrations: MixedList<Function | string>;
  /** Pool size per replica. */
  poolSize?: number;
}

/** TypeORM options for one service: its own schema, its own migrations table, never `synchronize`. */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: ['error', 'warn', 'migration'],
    extra: { max: options.poolSize ?? 10, application_name: options.schema },
  };
}

/**
 * Brings the service's schema up to date: creates the schema if needed (TypeORM keeps its
 * migrations table inside it), then runs pending migrations, each in its own transaction.
 */
export async function migrateServiceDatabase(options: ServiceDatabaseOptions): Promise<string[]> {
  const dataSource = new DataSource({ ...serviceDataSourceOptions(options), logging: ['error'] });
  await dataSource.initialize();
  try {
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}

/** PostgreSQL's code for a unique violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * The unique index or constraint a failed write violated, if that is why it failed: a check made
 * before the write can lose a race with another request, and the index then has the last word.
 */
export function violatedIndex(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === UNIQUE_VIOLATION ? driverError.constraint : undefined;
}

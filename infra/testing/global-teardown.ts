export default async function globalTeardown(): Promise<void> {
  const servers = globalThis.__CALIBER_SERVERS__ ?? [];
  await Promise.all(servers.map((server) => server.stop()));
  await globalThis.__CALIBER_S3__?.stop();
}

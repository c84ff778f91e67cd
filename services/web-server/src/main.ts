import { createLogger } from '@caliber/service-kit';
import { createWebServer, webServerConfigOf } from './web-server';

const logger = createLogger('web-server', 'info');
const config = webServerConfigOf(process.env);
const server = createWebServer(config).listen(config.port, () =>
  logger.info({ port: config.port, dir: config.dir, basePath: config.basePath }, 'serving'),
);
// Kubernetes sends SIGTERM before it stops the pod: finish the requests in flight, then exit.
process.once('SIGTERM', () => server.close(() => process.exit(0)));

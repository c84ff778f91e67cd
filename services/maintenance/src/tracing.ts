// Imported first by the entry point: tracing (when configured) must patch Nest, pg, ioredis and
// socket.io before anything requires them. The name is the process's default service.name.
import { startTracing } from '@caliber/service-kit/telemetry';

startTracing('maintenance');

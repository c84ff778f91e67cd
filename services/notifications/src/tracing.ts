// Imported first by the entry point: tracing (when configured) must patch Nest, pg and the NATS
// client before anything requires them. The name is the process's default service.name.
import { startTracing } from '@caliber/service-kit/telemetry';

startTracing('notifications');

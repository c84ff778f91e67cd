export * from './scrape-read';
export * from './queue-depth';
export * from './nats-metrics';
export * from './measured-nats.server';
export * from './process-metrics';
export * from './metrics-listener';
export * from './metrics.module';

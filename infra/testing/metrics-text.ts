// The Prometheus text helpers, for the tests of the services and the infrastructure.
export * from '../../libs/service-kit/src/testing/metrics-text';

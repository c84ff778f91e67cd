// The round-robin proxy in front of the gateway replicas, in a process of its own as an ingress
// is: the launcher's and a load generator's work does not slow it, nor it theirs.
//   tsx infra/local/proxy.ts <port> <health path> <upstream origin>…
import { startRoundRobinProxy } from './src/round-robin-proxy';

const [port, healthPath, ...upstreams] = process.argv.slice(2);
if (!port || !healthPath || upstreams.length === 0) {
  process.stderr.write('Usage: proxy.ts <port> <health path> <upstream origin>…\n');
  process.exit(2);
}
startRoundRobinProxy({ port: Number(port), healthPath, upstreams }).then(
  (proxy) => {
    process.stdout.write(`Proxying ${proxy.url} to ${upstreams.join(', ')}\n`);
    const stop = () => void proxy.stop().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

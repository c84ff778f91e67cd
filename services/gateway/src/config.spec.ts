import { ConfigError, generateStatementKeyPair, trustedKeysValue } from '@caliber/service-kit';
import { loadGatewayConfig } from './config';

const keys = generateStatementKeyPair('gateway');
const base = {
  JWT_SECRET: 'x'.repeat(32),
  SIGNING_KEY: keys.privateKey,
  TRUSTED_KEYS: trustedKeysValue([keys]),
};

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadGatewayConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, a number of hops, or the named addresses and subnets', () => {
    expect(loadGatewayConfig(base).trustProxy).toBe(false);
    expect(loadGatewayConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadGatewayConfig({ ...base, TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8, 192.168.1.7' }).trustProxy,
    ).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.168.1.7']);
  });

  it('never trusts everyone: any caller could then choose the address the limits count', () => {
    expect(problemsOf({ ...base, TRUST_PROXY: 'true' })).toEqual([
      'TRUST_PROXY: must not trust every address (any caller could then choose its own); give the number of proxies (1 to 10) or their addresses and subnets',
    ]);
    for (const wrong of ['0.0.0.0/0', '::/0', '0.0.0.0/0x', '10.0.0.0/33', 'everyone', '0', '11'])
      expect(problemsOf({ ...base, TRUST_PROXY: wrong })).toEqual([
        'TRUST_PROXY: must be false, the number of proxies (1 to 10), or their addresses and subnets (10.0.0.0/8, loopback, …) separated by commas',
      ]);
  });
});

describe('TRACE_CONTEXT_TRUSTED_NETWORKS', () => {
  it('trusts no caller’s trace by default, or the addresses and subnets given', () => {
    expect(loadGatewayConfig(base).traceContextTrustedNetworks).toEqual([]);
    expect(
      loadGatewayConfig({ ...base, TRACE_CONTEXT_TRUSTED_NETWORKS: '10.0.0.0/8, fd00::/8, 127.0.0.1' })
        .traceContextTrustedNetworks,
    ).toEqual(['10.0.0.0/8', 'fd00::/8', '127.0.0.1']);
  });

  it('refuses anything but addresses and subnets, and every address at once', () => {
    for (const wrong of ['loopback', '0.0.0.0/0', '::/0', 'everyone', '10.0.0.0/33'])
      expect(problemsOf({ ...base, TRACE_CONTEXT_TRUSTED_NETWORKS: wrong })).toEqual([
        `TRACE_CONTEXT_TRUSTED_NETWORKS: must be addresses and subnets (10.0.0.0/8, fd00::/8, 127.0.0.1) separated by commas, not ${wrong}`,
      ]);
  });
});

describe('METRICS_PORT', () => {
  it('picks a free port by default, or the one given', () => {
    expect(loadGatewayConfig(base).metricsPort).toBe(0);
    expect(loadGatewayConfig({ ...base, METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });

  it('is never the public port, nor anything but a port', () => {
    expect(problemsOf({ ...base, PORT: '5000', METRICS_PORT: '5000' })).toEqual([
      'METRICS_PORT: must differ from PORT: metrics are served apart from the public port',
    ]);
    expect(problemsOf({ ...base, METRICS_PORT: '70000' })).toHaveLength(1);
  });
});

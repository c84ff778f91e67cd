import { linkAddressEnv } from './link-address';

describe('the address the local stack gives the links in messages', () => {
  it('points identity’s and the notifying service’s links at the port this stack serves on', () => {
    expect(linkAddressEnv('identity', {}, 41234)).toEqual({ PUBLIC_URL: 'http://localhost:41234' });
    expect(linkAddressEnv('notifications', {}, 41234)).toEqual({ PUBLIC_URL: 'http://localhost:41234' });
  });

  it('leaves the gateway and the services that send no links without one', () => {
    for (const name of ['gateway', 'equipment', 'maintenance', 'reports', 'reports-worker'])
      expect({ [name]: linkAddressEnv(name, {}, 41234) }).toEqual({ [name]: {} });
  });

  it('keeps the address the environment names', () => {
    const env = { PUBLIC_URL: 'https://cmms.hospital.example' };
    expect(linkAddressEnv('notifications', env, 41234)).toEqual({});
  });
});

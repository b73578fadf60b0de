/**
 * The client address failed authentications are counted by: IPv6 grouped by /64, an
 * IPv4-mapped address as its IPv4 one; and the one warning a production process logs when requests carry forwarding
 * headers it ignores.
 */
import Koa from 'koa';
import supertest from 'supertest';
import { clientAddressGroup } from '../../domain/access/client-address';
import { ignoredForwardingWarning } from '../../api/middleware/forwarded-headers';

describe('clientAddressGroup', () => {
  it('keeps IPv4, groups IPv6 by its /64 whatever its spelling, and reads an IPv4-mapped address as IPv4', () => {
    expect(clientAddressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressGroup('::ffff:cb00:7107')).toBe('203.0.113.7');
    const net = clientAddressGroup('2001:db8:1:2::1');
    expect(net).toBe('2001:db8:1:2::/64');
    for (const same of ['2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:9', '2001:db8:1:2::1%eth0'])
      expect(clientAddressGroup(same)).toBe(net);
    expect(clientAddressGroup('2001:db8:1:3::1')).not.toBe(net);
    expect(clientAddressGroup('::1')).toBe('0:0:0:0::/64');
    // What is no address at all (a proxy's malformed header) stays itself: never merged with a real client.
    expect(clientAddressGroup('unknown')).toBe('unknown');
  });
});

describe('ignoredForwardingWarning', () => {
  function app(config: { production: boolean; proxyHops: number }) {
    const warnings: unknown[][] = [];
    const koa = new Koa();
    koa.use(ignoredForwardingWarning(config, { warn: (...args: unknown[]) => warnings.push(args) }));
    koa.use((ctx) => {
      ctx.body = 'ok';
    });
    return { api: supertest(koa.callback()), warnings };
  }

  it('warns once, in production, when requests carry forwarding headers no trusted hop reads', async () => {
    const { api, warnings } = app({ production: true, proxyHops: 0 });
    await api.get('/');
    expect(warnings).toHaveLength(0);
    await api.get('/').set('X-Forwarded-For', '198.51.100.1');
    await api.get('/').set('X-Forwarded-For', '198.51.100.2');
    await api.get('/').set('Forwarded', 'for=198.51.100.3');
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toMatch(/TRUST_PROXY_HOPS/);
  });

  it('stays quiet when the hops are trusted, and outside production', async () => {
    for (const config of [
      { production: true, proxyHops: 1 },
      { production: false, proxyHops: 0 },
    ]) {
      const { api, warnings } = app(config);
      await api.get('/').set('X-Forwarded-For', '198.51.100.1');
      expect(warnings).toHaveLength(0);
    }
  });
});

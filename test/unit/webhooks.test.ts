/**
 * The pure parts of webhooks: signatures (sign/verify, replay window, several secrets and values), target checks
 * (which addresses count as private, scheme rules, DNS answers), secret sealing and the retry schedule.
 */
import { openSecret, openSecretWith, sealSecret, SecretUnreadable } from '../../domain/platform/secret-box';
import { parseConfig } from '../../domain/platform/config';
import { signWebhookPayload, verifyWebhookSignature } from '../../domain/webhooks/signature';
import { embeddedIpv4, isNonPublicAddress, resolveTarget, TargetRefused } from '../../domain/webhooks/url';
import { nextDelayS } from '../../workflows/deliver-webhook';

const secret = 'whsec_0123456789abcdefghijABCDEFGHIJKL';
const body = '{"id":"evt_1","type":"run.succeeded","created_at":"2025-01-01T00:00:00.000Z","data":{}}';
const now = new Date('2025-06-01T12:00:00Z');
const t = Math.floor(now.getTime() / 1000);

describe('verifyWebhookSignature', () => {
  it('accepts a fresh signature of the exact body', () => {
    expect(
      verifyWebhookSignature({ payload: body, header: signWebhookPayload(secret, body, t), secrets: secret, now }),
    ).toBe(true);
    expect(
      verifyWebhookSignature({
        payload: Buffer.from(body),
        header: signWebhookPayload(secret, body, t - 299),
        secrets: secret,
        now,
      }),
    ).toBe(true);
  });

  it('refuses a replayed signature older than 5 minutes, and one from the far future', () => {
    expect(
      verifyWebhookSignature({
        payload: body,
        header: signWebhookPayload(secret, body, t - 301),
        secrets: secret,
        now,
      }),
    ).toBe(false);
    expect(
      verifyWebhookSignature({
        payload: body,
        header: signWebhookPayload(secret, body, t + 301),
        secrets: secret,
        now,
      }),
    ).toBe(false);
    expect(
      verifyWebhookSignature({
        payload: body,
        header: signWebhookPayload(secret, body, t - 301),
        secrets: secret,
        now,
        toleranceSeconds: 600,
      }),
    ).toBe(true);
  });

  it('refuses a changed body, a wrong secret, and malformed headers', () => {
    const header = signWebhookPayload(secret, body, t);
    expect(verifyWebhookSignature({ payload: `${body} `, header, secrets: secret, now })).toBe(false);
    expect(verifyWebhookSignature({ payload: body, header, secrets: 'whsec_other', now })).toBe(false);
    for (const bad of [undefined, '', 'v1=abc', `t=${t}`, `t=${t},v1=zz`, `t=x,v1=${'a'.repeat(64)}`]) {
      expect(verifyWebhookSignature({ payload: body, header: bad, secrets: secret, now })).toBe(false);
    }
  });

  it('accepts any of several v1 values and any of several secrets (rotation)', () => {
    const good = signWebhookPayload(secret, body, t).split('v1=')[1]!;
    const header = `t=${t},v1=${'0'.repeat(64)},v1=${good},v0=ignored`;
    expect(verifyWebhookSignature({ payload: body, header, secrets: secret, now })).toBe(true);
    expect(
      verifyWebhookSignature({
        payload: body,
        header: signWebhookPayload(secret, body, t),
        secrets: ['whsec_new', secret],
        now,
      }),
    ).toBe(true);
  });

  it('signs with every secret of a rotation, one v1 each, so a receiver holding any one of them verifies', () => {
    const header = signWebhookPayload(['whsec_new', secret], body, t);
    expect(header).toMatch(new RegExp(`^t=${t},v1=[0-9a-f]{64},v1=[0-9a-f]{64}$`));
    expect(header.split(',v1=')[2]).toBe(signWebhookPayload(secret, body, t).split('v1=')[1]);
    for (const held of ['whsec_new', secret])
      expect(verifyWebhookSignature({ payload: body, header, secrets: held, now })).toBe(true);
    expect(verifyWebhookSignature({ payload: body, header, secrets: 'whsec_other', now })).toBe(false);
  });
});

describe('webhook targets', () => {
  const strict = { allowPrivate: false, allowInsecure: false };
  const open = { allowPrivate: true, allowInsecure: true };

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd12::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    'not-an-ip',
  ])('%s is not public', (ip) => expect(isNonPublicAddress(ip)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (ip) =>
    expect(isNonPublicAddress(ip)).toBe(false),
  );

  // IPv6 spellings of IPv4 addresses, classified by the IPv4 address they carry.
  it.each([
    ['IPv4-compatible ::/96, dotted', '::127.0.0.1', '127.0.0.1'],
    ['IPv4-compatible ::/96, hex', '::a00:1', '10.0.0.1'],
    ['IPv4-compatible, written out in full', '0:0:0:0:0:0:c0a8:101', '192.168.1.1'],
    ['IPv4-mapped ::ffff:0:0/96, hex', '::ffff:7f00:1', '127.0.0.1'],
    ['IPv4-mapped, written out in full', '0:0:0:0:0:ffff:a9fe:a9fe', '169.254.169.254'],
    ['IPv4-mapped, upper case with a zone id', '::FFFF:10.0.0.1%eth0', '10.0.0.1'],
    ['IPv4-translated ::ffff:0:0:0/96', '::ffff:0:ac10:1', '172.16.0.1'],
    ['6to4 2002::/16 of a private IPv4', '2002:a00:1::1', '10.0.0.1'],
    ['6to4 of loopback', '2002:7f00:1::', '127.0.0.1'],
    ['NAT64 64:ff9b::/96, hex', '64:ff9b::7f00:1', '127.0.0.1'],
    ['NAT64, dotted', '64:ff9b::169.254.169.254', '169.254.169.254'],
  ])('%s (%s) carries %s and is not public', (_form, ip, v4) => {
    expect(embeddedIpv4(ip)).toBe(v4);
    expect(isNonPublicAddress(ip)).toBe(true);
  });

  it.each([
    ['IPv4-mapped public', '::ffff:808:808', '8.8.8.8'],
    ['6to4 of a public IPv4', '2002:5db8:d822::1', '93.184.216.34'],
    ['NAT64 of a public IPv4', '64:ff9b::8.8.4.4', '8.8.4.4'],
  ])('%s (%s) carries %s and is public', (_form, ip, v4) => {
    expect(embeddedIpv4(ip)).toBe(v4);
    expect(isNonPublicAddress(ip)).toBe(false);
  });

  it('has no IPv4 inside an ordinary IPv6 address', () => {
    expect(embeddedIpv4('2606:4700:4700::1111')).toBeNull();
    expect(embeddedIpv4('not-an-ip')).toBeNull();
  });

  it('refuses IPv6 literals in URLs that embed a private IPv4', async () => {
    for (const host of ['[::ffff:127.0.0.1]', '[::127.0.0.1]', '[2002:a9fe:a9fe::]', '[64:ff9b::a00:1]']) {
      await expect(resolveTarget(`https://${host}/x`, strict)).rejects.toThrow(/private/);
    }
  });

  it('refuses http unless insecure targets are allowed, and private hosts unless private targets are', async () => {
    await expect(resolveTarget('http://93.184.216.34/x', strict)).rejects.toThrow(/https/);
    await expect(resolveTarget('https://127.0.0.1/x', strict)).rejects.toThrow(TargetRefused);
    await expect(resolveTarget('https://[::1]/x', strict)).rejects.toThrow(/private/);
    await expect(resolveTarget('https://2130706433/x', strict)).rejects.toThrow(/127\.0\.0\.1/);
    await expect(resolveTarget('https://user:pw@example.com/x', strict)).rejects.toThrow(/credentials/);
    await expect(resolveTarget('ftp://example.com/x', open)).rejects.toThrow(/https/);
    expect((await resolveTarget('http://127.0.0.1:9/x', open)).address).toBe('127.0.0.1');
  });

  it('refuses a hostname when any DNS answer is private, and connects to the checked address', async () => {
    const rebinding = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(resolveTarget('https://hooks.example.com/x', strict, rebinding)).rejects.toThrow(/10\.0\.0\.5/);
    const publicOnly = async () => [{ address: '93.184.216.34', family: 4 }];
    const target = await resolveTarget('https://hooks.example.com/x', strict, publicOnly);
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect(target.url.hostname).toBe('hooks.example.com');
    const failing = async () => Promise.reject(new Error('ENOTFOUND'));
    await expect(resolveTarget('https://nowhere.invalid/x', strict, failing)).rejects.toThrow(/could not be resolved/);
  });

  // Without a deadline this waits forever, and the test fails on its own time limit.
  it('refuses a host whose name server never answers once the lookup deadline passes', async () => {
    const never = () => new Promise<never>(() => undefined);
    await expect(
      resolveTarget('https://hooks.example.com/x', { ...strict, lookupTimeoutMs: 50 }, never),
    ).rejects.toThrow(/host "hooks\.example\.com" did not resolve within 0\.05 s/);
  }, 5_000);
});

describe('secret sealing', () => {
  const key = Buffer.alloc(32, 3).toString('base64');

  it('round-trips, differs every time, and refuses another record or key', () => {
    const a = sealSecret(key, secret, 'whk_1');
    expect(a).not.toContain(secret);
    expect(sealSecret(key, secret, 'whk_1')).not.toBe(a);
    expect(openSecret(key, a, 'whk_1')).toBe(secret);
    expect(() => openSecret(key, a, 'whk_2')).toThrow();
    expect(() => openSecret(Buffer.alloc(32, 4).toString('base64'), a, 'whk_1')).toThrow();
  });

  it('opens under whichever configured key sealed it, and says which; under none it is SecretUnreadable', () => {
    const [current, earlier, other] = [5, 6, 7].map((b) => Buffer.alloc(32, b).toString('base64')) as [
      string,
      string,
      string,
    ];
    const old = sealSecret(earlier, secret, 'whk_1');
    expect(openSecretWith([current, earlier], old, 'whk_1')).toEqual({ plaintext: secret, keyIndex: 1 });
    expect(openSecretWith([current, earlier], sealSecret(current, secret, 'whk_1'), 'whk_1')).toEqual({
      plaintext: secret,
      keyIndex: 0,
    });
    expect(() => openSecretWith([current, other], old, 'whk_1')).toThrow(SecretUnreadable);
    // A fallback does not make a value open on another record.
    expect(() => openSecretWith([current, earlier], old, 'whk_2')).toThrow(SecretUnreadable);
    for (const malformed of ['', 'v2.a.b.c', 'not sealed', undefined as unknown as string]) {
      expect(() => openSecretWith([current], malformed, 'whk_1')).toThrow(SecretUnreadable);
    }
  });

  it('answers SecretUnreadable for a tag of the wrong length, and for a genuine tag cut short', () => {
    const current = Buffer.alloc(32, 5).toString('base64');
    const [version, iv, tag, ciphertext] = sealSecret(current, secret, 'whk_1').split('.') as [
      string,
      string,
      string,
      string,
    ];
    const full = Buffer.from(tag, 'base64url');
    const withTag = (t: Buffer) => [version, iv, t.toString('base64url'), ciphertext].join('.');
    // 3 and 17 bytes are no GCM tag length at all: Node refuses them when the tag is set, before any key is tried.
    for (const wrong of [full.subarray(0, 3), Buffer.concat([full, Buffer.from([1])])]) {
      expect(() => openSecretWith([current], withTag(wrong), 'whk_1')).toThrow(SecretUnreadable);
    }
    // GCM would accept the first 4 or 12 bytes of the right tag: a forgery then needs 2^32 tries, not 2^128.
    for (const cut of [4, 12]) {
      expect(() => openSecretWith([current], withTag(full.subarray(0, cut)), 'whk_1')).toThrow(SecretUnreadable);
    }
  });
});

describe('retry schedule', () => {
  it('follows docs/decisions.md 419 with the defaults: attempts at 0, 1m, 6m, 36m, 2h36m, 8h36m, 14h36m, 20h36m', () => {
    const config = parseConfig({ NODE_ENV: 'test' });
    const policy = {
      delaysS: config.WEBHOOK_RETRY_SCHEDULE_S,
      windowS: config.WEBHOOK_RETRY_WINDOW_S,
      timeoutS: config.WEBHOOK_TIMEOUT_S,
    };
    expect(policy.timeoutS).toBe(10);
    const at = [0];
    for (let n = 1; ; n++) {
      const delay = nextDelayS(policy, n, at[at.length - 1]!);
      if (delay === null) break;
      at.push(at[at.length - 1]! + delay);
    }
    expect(at).toEqual([0, 60, 360, 2160, 9360, 30960, 52560, 74160]);
  });

  it('is configuration', () => {
    const config = parseConfig({
      NODE_ENV: 'test',
      WEBHOOK_RETRY_SCHEDULE_S: '1,2',
      WEBHOOK_RETRY_WINDOW_S: '5',
      WEBHOOK_TIMEOUT_S: '2',
    });
    expect(config.WEBHOOK_RETRY_SCHEDULE_S).toEqual([1, 2]);
    expect(() => parseConfig({ NODE_ENV: 'test', WEBHOOK_RETRY_SCHEDULE_S: '1,,2' })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE_S/,
    );
    expect(() => parseConfig({ NODE_ENV: 'test', WEBHOOK_RETRY_SCHEDULE_S: '0' })).toThrow(/WEBHOOK_RETRY_SCHEDULE_S/);
  });
});

/**
 * A Temporal front the way Temporal Cloud presents one, on loopback: TLS with a certificate from a private CA, a
 * client certificate required (mTLS), and an API key required on every call. It speaks gRPC (HTTP/2) on the TLS side
 * and forwards each call to the local dev server in cleartext, so the SDK's clients and workers are tested against
 * a server that refuses what Temporal Cloud refuses. The certificates are made per test run (selfsigned).
 */
import http2 from 'node:http2';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { generate } from 'selfsigned';

export interface TemporalTlsFront {
  address: string;
  /** PEM files: the CA that signed the server's and the client's certificates, and the client's pair. */
  files: { ca: string; clientCert: string; clientKey: string; strangerCert: string; strangerKey: string };
  apiKey: string;
  /** Calls forwarded to the server (mTLS and API key both accepted). */
  forwarded(): number;
  /** Calls answered UNAUTHENTICATED here (a missing or wrong API key). */
  refused(): number;
  close(): Promise<void>;
}

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

export async function startTemporalTlsFront(upstream: string, apiKey: string): Promise<TemporalTlsFront> {
  const ca = await generate([{ name: 'commonName', value: 'Assay test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: days(2),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const signed = (cn: string, usage: 'serverAuth' | 'clientAuth', signer = ca) =>
    generate([{ name: 'commonName', value: cn }], {
      keyType: 'ec',
      algorithm: 'sha256',
      notAfterDate: days(2),
      ca: { key: signer.private, cert: signer.cert },
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, critical: true },
        { name: 'extKeyUsage', [usage]: true },
        ...(usage === 'serverAuth'
          ? [
              {
                name: 'subjectAltName' as const,
                altNames: [
                  { type: 2 as const, value: 'localhost' },
                  { type: 7 as const, ip: '127.0.0.1' },
                ],
              },
            ]
          : []),
      ],
    });
  const server = await signed('localhost', 'serverAuth');
  const client = await signed('assay-worker', 'clientAuth');
  // A client certificate from a CA the front does not trust: the handshake must fail.
  const strangerCa = await generate([{ name: 'commonName', value: 'Someone else' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: days(2),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, digitalSignature: true, critical: true },
    ],
  });
  const stranger = await signed('stranger', 'clientAuth', strangerCa);

  const dir = mkdtempSync(join(tmpdir(), 'assay-temporal-tls-'));
  const file = (name: string, pem: string) => {
    const path = join(dir, name);
    writeFileSync(path, pem, { mode: 0o600 });
    return path;
  };
  const files = {
    ca: file('ca.pem', ca.cert),
    clientCert: file('client.pem', client.cert),
    clientKey: file('client-key.pem', client.private),
    strangerCert: file('stranger.pem', stranger.cert),
    strangerKey: file('stranger-key.pem', stranger.private),
  };

  let forwarded = 0;
  let refused = 0;
  const upstreamSession = http2.connect(`http://${upstream}`);
  upstreamSession.on('error', () => undefined);
  const front = http2.createSecureServer({
    key: server.private,
    cert: server.cert,
    ca: ca.cert,
    requestCert: true,
    rejectUnauthorized: true,
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  front.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  front.on('stream', (stream, headers) => {
    stream.on('error', () => undefined);
    const peer = (stream.session?.socket as TLSSocket | undefined)?.getPeerCertificate();
    if (headers.authorization !== `Bearer ${apiKey}` || peer?.subject?.CN !== 'assay-worker') {
      refused++;
      stream.respond(
        {
          ':status': 200,
          'content-type': 'application/grpc',
          'grpc-status': '16',
          'grpc-message': 'missing or wrong API key',
        },
        { endStream: true },
      );
      return;
    }
    forwarded++;
    const forward: http2.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers))
      if (name !== ':scheme' && name !== 'authorization') forward[name] = value;
    const call = upstreamSession.request(forward);
    call.on('error', () => stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR));
    stream.on('close', () => call.close());
    let trailers: http2.IncomingHttpHeaders = {};
    call.on('trailers', (t) => (trailers = t));
    call.on('response', (responseHeaders) => {
      if (responseHeaders['grpc-status'] !== undefined) {
        // A trailers-only answer (an error): the status travels in the headers.
        stream.respond(responseHeaders, { endStream: true });
        return;
      }
      stream.respond(responseHeaders, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers(withoutPseudo(trailers)));
      call.pipe(stream);
    });
    stream.pipe(call);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    files,
    apiKey,
    forwarded: () => forwarded,
    refused: () => refused,
    close: async () => {
      upstreamSession.destroy();
      const closed = new Promise<void>((resolve) => front.close(() => resolve()));
      for (const session of sessions) session.destroy();
      await closed;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function withoutPseudo(headers: http2.IncomingHttpHeaders): http2.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':')));
}

/**
 * Tells the operator, once per process, that requests arrive through a proxy this deployment does not trust: with
 * no trusted hops (`TRUST_PROXY_HOPS` 0, the default) every client behind that proxy has the proxy's address, so
 * they share one limit of failed authentications. Production only: a laptop or a test sends such headers on
 * purpose. Logs only, never changes the request.
 */
import type { Middleware } from 'koa';
import type { Config } from '../../domain/platform/config';
import type { Logger } from '../../domain/platform/logger';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

export function ignoredForwardingWarning(
  config: Pick<Config, 'production' | 'proxyHops'>,
  logger: Pick<Logger, 'warn'>,
): Middleware {
  let warned = !config.production || config.proxyHops > 0;
  return async (ctx, next) => {
    if (!warned) {
      const header = FORWARDING_HEADERS.find((name) => ctx.get(name) !== '');
      if (header) {
        warned = true;
        logger.warn(
          { header, socketAddress: ctx.req.socket.remoteAddress },
          `requests carry ${header} but TRUST_PROXY_HOPS is 0: every client behind that proxy shares its address for the limit of failed authentications; set TRUST_PROXY_HOPS to the number of proxies in front of the API`,
        );
      }
    }
    await next();
  };
}

/**
 * Connections to webhook receivers, kept open between deliveries. A new connection per POST cost every delivery a
 * TCP handshake, and over https a TLS handshake too: the receiver's signing work and a round trip or two of latency
 * to a distant receiver, each time. One keep-alive agent per checked address: a socket is
 * only ever reused for a request whose target resolved, and was checked, to the address that socket is connected
 * to, so the per-attempt check against private addresses holds for reused sockets as for
 * new ones.
 *
 * Idle sockets do not keep the process alive (the agent unrefs them). Owns the agents only; the request itself is
 * activities/webhooks.ts's.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { ResolvedTarget } from '../domain/webhooks/url';

/**
 * An idle connection is closed after this long. Below the 5 s keep-alive timeout of Node's own HTTP server (a
 * common receiver), so we close an idle socket before the receiver does and a POST rarely meets a socket the other
 * end has just closed; one that does is sent again once on a new connection (activities/webhooks.ts).
 */
const IDLE_SOCKET_MS = 4_000;
/**
 * Idle connections kept per receiver address. Open ones are not capped: a POST never waits for another's
 * connection (its 10 s bound would run while it queued), as it did not when every POST had its own.
 */
const MAX_FREE_SOCKETS = 16;
/** Addresses whose agents are kept; the least recently used is closed past this. */
const MAX_AGENTS = 256;

export class WebhookAgents {
  private readonly agents = new Map<string, HttpAgent>();

  /** The agent for this checked target: its protocol, host name (TLS server name), port and address. */
  for(target: ResolvedTarget): HttpAgent {
    const key = `${target.url.protocol}//${target.url.host}@${target.address}`;
    const known = this.agents.get(key);
    if (known) {
      // Most recently used last: a Map iterates in insertion order.
      this.agents.delete(key);
      this.agents.set(key, known);
      return known;
    }
    const options = {
      keepAlive: true,
      maxFreeSockets: MAX_FREE_SOCKETS,
      timeout: IDLE_SOCKET_MS,
      scheduling: 'lifo' as const,
    };
    const agent = target.url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
    this.agents.set(key, agent);
    if (this.agents.size > MAX_AGENTS) {
      const [oldest, old] = this.agents.entries().next().value as [string, HttpAgent];
      this.agents.delete(oldest);
      old.destroy();
    }
    return agent;
  }
}

/**
 * Fault injection at one chosen database step, against the real database: a Db that behaves exactly like the real
 * one except that the first operation matching a step runs a hook just before or just after it reaches the server.
 * The hook may throw (a database call that fails once: the write happened or not, and the caller never heard back)
 * or let something else happen first (to force a race at that exact point). Later matching operations pass through.
 */
import { MongoNetworkError, type Collection, type Db } from 'mongodb';

export interface Step {
  collection: string;
  method: string;
  /** Further narrows the match, on the operation's arguments (its filter first). */
  where?: (args: unknown[]) => boolean;
}

export interface Hooked {
  db: Db;
  /** True once the hook has run. */
  fired(): boolean;
}

/** `db`, with `hook` run once around the first operation matching `step`. */
export function hookedDb(db: Db, step: Step, at: 'before' | 'after', hook: () => Promise<void> | void): Hooked {
  let fired = false;
  const matches = (name: string, method: string, args: unknown[]) =>
    !fired && name === step.collection && method === step.method && (!step.where || step.where(args));
  const wrap = (collection: Collection, name: string): Collection =>
    new Proxy(collection, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function' || typeof prop !== 'string') return value;
        const method = value as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          if (!matches(name, prop, args)) return method.apply(target, args);
          fired = true;
          return (async () => {
            if (at === 'before') await hook();
            const result = await (method.apply(target, args) as Promise<unknown>);
            if (at === 'after') await hook();
            return result;
          })();
        };
      },
    });
  const proxied = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'collection') return Reflect.get(target, prop, receiver) as unknown;
      return (name: string, ...rest: unknown[]) =>
        wrap((target.collection as (...a: unknown[]) => Collection)(name, ...rest), name);
    },
  });
  return { db: proxied, fired: () => fired };
}

/** The error a lost connection gives: a dependency failure (503 on the request path, a retry in an activity). */
export const injectedFailure = () => new MongoNetworkError('injected fault: the connection to the database was lost');

/** `db`, whose first operation matching `step` fails once: before it reaches the server, or after it was applied. */
export function failingOnce(db: Db, step: Step, at: 'before' | 'after'): Hooked {
  return hookedDb(db, step, at, () => {
    throw injectedFailure();
  });
}

/** The `_id` a filter names, for `where`. */
export const filterId = (args: unknown[]) => (args[0] as { _id?: unknown } | undefined)?._id;

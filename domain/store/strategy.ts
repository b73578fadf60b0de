/**
 * Which strategy the store runs (`pages` or `query`, domain/store/lists.ts), chosen once per process at start-up
 * (`chooseListStrategy`, from domain/platform/connections.ts) and read by the store alone.
 *
 * `auto` asks the server what it is: FerretDB answers `buildInfo` with a `ferretdbVersion` field (1.24 on this
 * machine), and only FerretDB 1.x needs `pages`; anything else is taken for MongoDB and gets `query`.
 */
import type { Db } from 'mongodb';

export const LIST_STRATEGIES = ['pages', 'query'] as const;
export type ListStrategy = (typeof LIST_STRATEGIES)[number];
export type ListStrategySetting = ListStrategy | 'auto';

let active: ListStrategy = 'pages';

/** The strategy this process runs (`pages` until one is chosen). */
export function listStrategy(): ListStrategy {
  return active;
}

/** What the server is, from `buildInfo`: FerretDB 1.x (`pages`) or anything else (`query`). */
export async function detectListStrategy(db: Db): Promise<{ strategy: ListStrategy; server: string }> {
  const info = await db.admin().command({ buildInfo: 1 });
  const ferret = typeof info.ferretdbVersion === 'string' ? info.ferretdbVersion : undefined;
  if (ferret) return { strategy: /^v?1\./.test(ferret) ? 'pages' : 'query', server: `FerretDB ${ferret}` };
  return { strategy: 'query', server: `MongoDB ${String(info.version)}` };
}

/** Sets the process's strategy from the setting (`auto`: from the server) and answers what was chosen and why. */
export async function chooseListStrategy(
  db: Db,
  setting: ListStrategySetting,
): Promise<{ strategy: ListStrategy; reason: string }> {
  if (setting !== 'auto') {
    active = setting;
    return { strategy: setting, reason: `LIST_STRATEGY=${setting}` };
  }
  const { strategy, server } = await detectListStrategy(db);
  active = strategy;
  return { strategy, reason: `LIST_STRATEGY=auto, the server is ${server}` };
}

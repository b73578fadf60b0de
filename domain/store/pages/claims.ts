/**
 * Claims on a list entry: how an owner changes a settled item without a reader trusting a snapshot older than it
 * (list-index.ts: a claim holds the entry and bumps its generation).
 */
import { randomBytes } from 'node:crypto';
import type { TenantDb } from '../tenant';
import type { Listed, ListSpec } from '../list-spec';
import { listKey, pageId, pageOf, pages } from './page-docs';

export interface Claim {
  list: string;
  page: string;
  id: string;
  token: string;
}

/**
 * Before changing an item its readers may hold a snapshot of (a settled one): the entry is marked held and its
 * snapshot dropped, so from now until `release` every reader fetches the item itself. Null for an unlisted item.
 */
export async function claimEntry<T extends Listed>(tenant: TenantDb, spec: ListSpec<T>, doc: T): Promise<Claim | null> {
  if (doc.list_pos === undefined) return null;
  const list = listKey(spec, spec.scopeOf(doc));
  const claim = {
    list,
    page: pageId(tenant.accountId, list, pageOf(doc.list_pos)),
    id: doc._id,
    token: randomBytes(8).toString('hex'),
  };
  await pages(tenant).updateOne(
    { _id: claim.page, [`e.${doc._id}.q`]: doc.list_pos },
    { $set: { [`e.${doc._id}.m`]: claim.token }, $inc: { [`e.${doc._id}.g`]: 1 } },
  );
  return claim;
}

/**
 * After the change: the hold is lifted (unless a later writer holds the entry now), or the entry removed when the
 * item left the list for good (a deletion). A crash before this leaves the entry held: still correct, only slower.
 */
export async function releaseEntry(
  tenant: TenantDb,
  claim: Claim | null,
  options: { remove?: boolean } = {},
): Promise<void> {
  if (!claim) return;
  const field = `e.${claim.id}`;
  await pages(tenant).updateOne(
    { _id: claim.page, [`${field}.m`]: claim.token },
    options.remove ? { $unset: { [field]: '' } } : { $unset: { [`${field}.m`]: '' } },
  );
}

/**
 * An owner's change to a listed item, made with its entry claimed (`claimEntry`, then `releaseEntry`): every way a
 * settled item changes goes through here, so no owner can forget the claim. `write` writes the owner's own
 * collection; `doc` is the item as the owner last read it (null: nothing to claim). A write that throws leaves the
 * entry held — still correct, only slower: it may have landed after all, and a release would let a reader file a
 * snapshot of the item as it was before. `remove` takes the entry away (a deletion).
 */
export async function whileClaimed<T extends Listed, R>(
  tenant: TenantDb,
  spec: ListSpec<T>,
  doc: T | null,
  write: () => Promise<R>,
  options: { remove?: boolean } = {},
): Promise<R> {
  const claim = doc ? await claimEntry(tenant, spec, doc) : null;
  const result = await write();
  await releaseEntry(tenant, claim, options);
  return result;
}

/**
 * The access walk over routes. It checks its OWN copy of the access table (test/support/access-table.ts) — which
 * credential every route takes and which scope it needs — written from the design, never read from the route
 * declarations, so a route declared with the wrong scope fails here. Against the running API:
 *   - every route the API registers is in the table, and every route in the table is registered;
 *   - every non-public route refuses no credential and the wrong kind of credential (401);
 *   - for every API-key route and every scope: a key holding only that scope gets 403 `insufficient_scope` unless the
 *     table grants the route to it, and gets past authorization (not 401/403) when it does; a key holding every
 *     scope but the route's gets 403;
 *   - account B gets 404 for account A's resources.
 */
import type { RouteSpec } from '../../api/route';
import { SCOPES } from '../../domain/access/scopes';
import { accepted, BODIES, FIXTURE_ALSO_NEEDS, GLOBAL_PARAMS, isKeyRoute, label, TABLE } from '../support/access-table';
import { call, fillPath, useAccessWalk, type Walker } from '../support/access-walk';

const walk = useAccessWalk();
let routes: RouteSpec[];
let owner: Walker;
let other: Walker;
beforeAll(() => {
  ({ routes, owner, other } = walk);
});

describe('the independent table', () => {
  it('lists exactly the routes the API registers: a route missing from it fails here', () => {
    const registered = routes.map(label).sort();
    expect(registered).toEqual(Object.keys(TABLE).sort());
  });

  it('names only real scopes, and every scope guards at least one route', () => {
    const used = new Set(Object.values(TABLE).filter(isKeyRoute).flatMap(accepted));
    for (const scope of used) expect(SCOPES).toContain(scope);
    expect([...used].sort()).toEqual([...SCOPES].sort());
  });
});

it('refuses every non-public route without credentials, and with the wrong kind of credential', async () => {
  const apiKey = await owner.key();
  for (const r of routes) {
    const required = TABLE[label(r)]!;
    if (required === 'public') continue;
    const path = await fillPath(r, owner);
    const none = await call(r, path);
    expect([label(r), none.status, none.body.error?.code]).toEqual([label(r), 401, 'unauthorized']);
    const wrong = await call(r, path, required === 'session' ? apiKey : owner.account.session);
    expect([label(r), wrong.status]).toEqual([label(r), 401]);
  }
}, 180_000);

it('answers the public routes without credentials', async () => {
  for (const r of routes) {
    if (TABLE[label(r)] !== 'public') continue;
    const res = await call(r, r.path);
    expect([label(r), res.status]).toEqual([label(r), 200]);
  }
});

describe('every API-key route, with every scope', () => {
  const keyRoutes = () => routes.filter((r) => isKeyRoute(TABLE[label(r)]!));

  it('answers 403 insufficient_scope to a key holding only a scope the table does not grant, and lets the one it grants through', async () => {
    for (const r of keyRoutes()) {
      const needed = accepted(TABLE[label(r)]!);
      const extra = FIXTURE_ALSO_NEEDS[label(r)];
      const path = await fillPath(r, owner);
      for (const scope of SCOPES) {
        const res = await call(r, path, await owner.key(extra && needed.includes(scope) ? [scope, extra] : [scope]));
        if (needed.includes(scope)) {
          expect([label(r), scope, [401, 403].includes(res.status)]).toEqual([label(r), scope, false]);
        } else {
          expect([label(r), scope, res.status, res.body.error?.code]).toEqual([
            label(r),
            scope,
            403,
            'insufficient_scope',
          ]);
          for (const s of needed)
            expect([label(r), res.body.error.message]).toEqual([label(r), expect.stringContaining(s)]);
        }
      }
    }
  });

  it('answers 403 to a key holding every scope but the ones the route needs', async () => {
    for (const r of keyRoutes()) {
      const needed = accepted(TABLE[label(r)]!);
      const path = await fillPath(r, owner);
      const res = await call(r, path, await owner.key(SCOPES.filter((s) => !needed.includes(s))));
      expect([label(r), res.status, res.body.error?.code]).toEqual([label(r), 403, 'insufficient_scope']);
    }
  });
});

it("answers 404 to another account for every route that names one of the owner's resources", async () => {
  const otherKey = await other.key();
  for (const r of routes) {
    const required = TABLE[label(r)]!;
    const params = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (params.length === 0 || params.every((p) => GLOBAL_PARAMS.has(p))) continue;
    const path = await fillPath(r, owner);
    const req = call(r, path, required === 'session' ? other.account.session : otherKey);
    const body = BODIES[label(r)];
    const res = await (body ? req.send(body) : req);
    expect([label(r), res.status, res.body.error?.code]).toEqual([label(r), 404, 'not_found']);
  }
});

/** The account's spendable credits as the API reports them (DESIGN.md decision 12). */
import type { TenantDb } from './tenant';

export async function getBalance(tenant: TenantDb) {
  const account = await tenant.account();
  const bonus = account?.bonus_credits ?? 0;
  const regular = account?.regular_credits ?? 0;
  // Basic credits are never spendable through the API, so they are always excluded.
  return { pro_credits: bonus + regular, bonus_pro: bonus, regular_pro: regular, basic_credits_excluded: true };
}

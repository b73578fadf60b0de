/** The account's spendable credits as the API reports them. */
import { toCredits } from './credits';
import type { TenantDb } from '../store';
import type { AccountDoc } from '../access/accounts';

export async function getBalance(tenant: TenantDb) {
  const account = await tenant.account<AccountDoc>();
  const bonus = toCredits(account?.bonus_milli ?? 0);
  const regular = toCredits(account?.regular_milli ?? 0);
  // Basic credits are never spendable through the API, so they are always excluded.
  return {
    pro_credits: toCredits((account?.bonus_milli ?? 0) + (account?.regular_milli ?? 0)),
    bonus_pro: bonus,
    regular_pro: regular,
    basic_credits_excluded: true,
  };
}

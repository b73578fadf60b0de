/**
 * The unit of every credit amount (plumbing: accounts store balances in it, the ledger adds in it).
 * Credit amounts: stored and added as integers of milli-credits, so fractional prices (0.1 per page) never drift
 * through floating point; shown to clients as credits.
 */
export const MILLI = 1000;

export const toCredits = (milli: number) => Math.round(milli) / MILLI;
export const toMilli = (credits: number) => Math.round(credits * MILLI);

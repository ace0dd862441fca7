export { CreditGovernor, type RefusalReason, type Reservation, type Trigger } from './credit-governor';
export { dayKey } from './day-key';
export { ledgerCsv, type DayTotal, type LedgerEntry } from './ledger';
export { RevealStore, revealsCsv, type RevealRecord } from './reveals';

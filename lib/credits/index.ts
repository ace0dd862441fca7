export {
  CreditGovernor,
  type CreditGovernorOptions,
  type CreditSettings,
  type CreditStatus,
  type Halt,
  type RefusalReason,
  type Reservation,
  type ReserveOptions,
  type ReserveResult,
  type SettleResult,
  type Trigger,
} from './credit-governor';
export { csvField, toCsv } from './csv';
export { dayKey, lastDayKeys, shiftDay } from './day-key';
export { Ledger, ledgerCsv, type DayTotal, type LedgerEntry, type LedgerOptions } from './ledger';
export { SPEC_PRICES, endpointForRow, priceTable, type CostEstimate, type Endpoint, type MePricing, type PriceTable } from './price-table';
export { RevealStore, revealsCsv, type RevealRecord, type RevealedChannels } from './reveals';

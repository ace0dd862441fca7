/*
 * TokenStatus — the three token states. `tokenLaunched: null` (or absent) means nobody checked, and
 * is shown as "Unknown", never as "no".
 */
import { tokenLaunchedState } from '@/lib/api';
import { SafeLink } from '@/components/shared/safe-link';
import { SafeText } from '@/components/shared/safe-text';

export interface TokenStatusProps {
  tokenLaunched: boolean | null | undefined;
  ticker?: string | null;
  /** A link only when safe. */
  tokenLink?: string | null;
}

const LABELS = {
  launched: 'Launched',
  'not-launched': 'Not launched',
  unknown: 'Unknown (not checked)',
} as const;

export function TokenStatus({ tokenLaunched, ticker, tokenLink }: TokenStatusProps) {
  const state = tokenLaunchedState(tokenLaunched);
  return (
    <span className={`token token--${state}`}>
      {LABELS[state]}
      {state === 'launched' && ticker && (
        <>
          {' · $'}
          <SafeText text={ticker} />
        </>
      )}
      {tokenLink && (
        <>
          {' · '}
          <SafeLink href={tokenLink}>Token page</SafeLink>
        </>
      )}
    </span>
  );
}

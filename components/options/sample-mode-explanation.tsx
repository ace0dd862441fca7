import { outOfCreditsText } from '@/lib/messages/texts';

export interface SampleModeExplanationProps {
  sampleMode: boolean;
  tier: string | null;
  balance: number;
  /** Credits one data call costs. */
  callPrice: number;
}

/** What sample mode (and a too-low balance) means for this account, in plain words. */
export function SampleModeExplanation({ sampleMode, tier, balance, callPrice }: SampleModeExplanationProps) {
  // A paid key below a call's price is refused, not sampled: said with the same warning as sample mode.
  const outOfCredits = !sampleMode && tier !== 'free' && balance < callPrice;
  return (
    <div className={sampleMode || outOfCredits ? 'notice notice--warn' : 'notice'} role="note" aria-label="Sample mode">
      {sampleMode ? (
        <>
          <p>
            <strong>Sample mode is on.</strong> This is a free key with fewer credits ({balance}) than a call costs ({callPrice}), so the
            directory answers every lookup and search with <strong>NOT REAL DATA</strong>: synthetic sample rows, charged 0 credits. The
            extension marks them as samples.
          </p>
          <p>
            Add credits (a plan, a referral bonus, or the email or Telegram verification bonus) to get live data. Nothing needs to change
            here: the same key starts returning real answers.
          </p>
        </>
      ) : outOfCredits ? (
        <p>
          {outOfCreditsText({ balance, price: callPrice })} A paid key never gets samples: the API refuses its calls (402) and charges
          nothing for them until the account is topped up.
        </p>
      ) : (
        <p>Sample mode is off: answers are live data.</p>
      )}
    </div>
  );
}

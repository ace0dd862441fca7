/*
 * The open lead's paid actions, asked of the worker by message: "Reveal contact" (after the confirm
 * dialog, with the price it quoted) and "Refresh". A reveal's refusal is drawn on the card it was asked
 * from; a refresh's is said on the status line.
 */
import { useState } from 'react';
import { creditsLabel } from '@/lib/messages/texts';
import type { Lead } from '@/lib/leads/lead';
import { sendMessage } from '@/lib/messaging/protocol';
import { messageOf, type Say } from './use-status-line';

export function usePaidLeadActions(say: Say) {
  const [revealing, setRevealing] = useState<string | null>(null);
  const [revealError, setRevealError] = useState<{ personId: string; message: string } | null>(null);
  const reveal = async (lead: Lead, quoted: number) => {
    if (revealing) return;
    setRevealing(lead.personId);
    setRevealError(null);
    try {
      const outcome = await sendMessage('revealLead', { personId: lead.personId, confirmed: true, quoted });
      if (outcome.ok) say(`Revealed ${lead.name}’s contact for ${creditsLabel(outcome.creditsCharged)}.`);
      else setRevealError({ personId: lead.personId, message: outcome.message });
    } catch (e) {
      setRevealError({ personId: lead.personId, message: messageOf(e) });
    } finally {
      setRevealing(null);
    }
  };
  const refresh = async (lead: Lead) => {
    try {
      const outcome = await sendMessage('refreshLead', { personId: lead.personId });
      if (outcome.ok) say(`Refreshed ${lead.name}’s record for ${creditsLabel(outcome.creditsCharged)}.`);
      else say(outcome.message, { tone: 'error' });
    } catch (e) {
      say(messageOf(e), { tone: 'error' });
    }
  };
  return {
    reveal,
    refresh,
    /** Whether this lead's reveal is in flight. */
    revealingFor: (personId: string) => revealing === personId,
    /** This lead's last reveal refusal. */
    revealErrorFor: (personId: string) => (revealError?.personId === personId ? revealError.message : undefined),
  };
}

/*
 * What to do with the rows ticked: "Save as leads" (people only; 0 credits, no call — they are already
 * paid for), "Load teams · N credits" for ticked companies or funds (one paid read each), and Export
 * (the ticked people, or every person shown when none is ticked; 0 credits). A sample can do none of it.
 */
import { creditsLabel } from '@/lib/messages/texts';
import { useId, useState } from 'react';
import { formatCredits } from '@/components/shared/format';
import { Options } from '@/components/shared/options';
import { SendButton } from '@/components/shared/send-once';
import { TagChoice, useTag } from '@/components/shared/tag-choice';
import { EXPORT_KINDS, type ExportKind } from '@/lib/leads/export/export';
import type { ProspectResults } from './prospect-state';

export type SelectionActionsProps = Pick<
  ProspectResults,
  'selectedPeople' | 'allPeople' | 'teamsToLoad' | 'tagChoices' | 'save' | 'loadTeams' | 'exportPeople'
> & {
  /** One team's price (the meter's). */
  teamPrice: number;
  sample: boolean;
};

export function SelectionActions({ teamPrice, sample, tagChoices, ...results }: SelectionActionsProps) {
  const id = useId();
  const [tag, setTag] = useTag(tagChoices);
  const [kind, setKind] = useState<ExportKind>(EXPORT_KINDS[0].id);
  const people = results.selectedPeople.length;
  const teamsToLoad = results.teamsToLoad.length;
  // Export takes every person shown when none is ticked.
  const exportable = people > 0 ? people : results.allPeople.length;
  return (
    <div className="prospect-actions card" role="group" aria-label="Selected rows">
      <p className="small">
        {formatCredits(people)} {people === 1 ? 'person' : 'people'} selected
        {teamsToLoad > 0 && ` · ${formatCredits(teamsToLoad)} ${teamsToLoad === 1 ? 'team' : 'teams'} to load`}
      </p>
      <div className="actions">
        <TagChoice value={tag} tags={tagChoices?.tags ?? []} onChange={setTag} />
        <SendButton
          className="btn btn--primary"
          disabled={sample || people === 0}
          aria-describedby={`${id}-save`}
          onSend={() => results.save(tag)}
        >
          Save as leads
        </SendButton>
        <span id={`${id}-save`} className="muted small">
          {sample ? 'NOT REAL DATA cannot be saved.' : '0 credits, no call: they are already paid for.'}
        </span>
      </div>
      {teamsToLoad > 0 && !sample && (
        <div className="actions">
          <SendButton className="btn" onSend={results.loadTeams}>
            Load teams · {creditsLabel(teamsToLoad * teamPrice)}
          </SendButton>
          <span className="muted small">One paid read per team ({creditsLabel(teamPrice)} each), within today’s budget.</span>
        </div>
      )}
      <div className="actions">
        <label htmlFor={`${id}-kind`}>Export as</label>
        <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as ExportKind)}>
          <Options of={EXPORT_KINDS} />
        </select>
        <button type="button" className="btn" disabled={sample || exportable === 0} onClick={() => void results.exportPeople(kind)}>
          Export {formatCredits(exportable)} {exportable === 1 ? 'person' : 'people'}
        </button>
      </div>
    </div>
  );
}

/*
 * A run's progress on the page ("12 of 25 looked up · 60 credits spent", a polite status), "Cancel" while
 * it runs, and after a browser restart the one question "Resume: 12 rows · 60 credits" (or Cancel).
 */
import { SendButton, type SendAction } from '@/components/shared/send-once';
import type { EnrichRun } from '@/lib/enrich/enrich-run';
import { progressText, resumeText } from './enrich-text';

export interface EnrichProgressProps {
  run: Pick<EnrichRun, 'state' | 'quoted' | 'rows'>;
  onCancel: SendAction;
  onResume: SendAction;
}

const DONE: Record<EnrichRun['state'], string> = { running: '', interrupted: 'Interrupted: ', cancelled: 'Cancelled: ', done: 'Done: ' };

export function EnrichProgress({ run, onCancel, onResume }: EnrichProgressProps) {
  const active = run.state === 'running' || run.state === 'interrupted';
  return (
    <div className="enrich-progress">
      <p role="status" aria-live="polite">
        {DONE[run.state]}
        {progressText(run)}
      </p>
      {active && (
        <div className="actions">
          {run.state === 'interrupted' && (
            <SendButton className="btn btn--primary" onSend={onResume}>
              {resumeText(run)}
            </SendButton>
          )}
          <SendButton className="btn" onSend={onCancel}>
            Cancel
          </SendButton>
        </div>
      )}
    </div>
  );
}

/*
 * LeadsHeader — the Leads page's sticky header: the heading and its toolbar ("Find prospects", "Enrich a list", "Export",
 * back up and restore, "Refresh HubSpot marks" when marking is on, "Send to HubSpot" and its dialog).
 */
import { useRef, type ComponentProps, type Ref } from 'react';
import { FIND_PROSPECTS } from '@/lib/prospect/prospect-page';
import { ExportMenu } from './export-menu';
import { HubSpotSendButton, HubSpotSendDialog, type HubSpotSendStep } from './hubspot-send';

export interface LeadsHeaderProps {
  /** Measured by the page: below 1,100 px the open lead is a panel under this header. */
  ref?: Ref<HTMLElement>;
  onFindProspects: () => void;
  /** "Enrich a list" shows or hides its region. */
  enrich: { open: boolean; onToggle: () => void };
  /** Export, back up and restore (each says its outcome on the page's status line). */
  files: {
    /** "the 3 selected leads", "all 120 leads shown" */
    exportScope: string;
    canExport: boolean;
    runExport: (kind: Parameters<ComponentProps<typeof ExportMenu>['onExport']>[0]) => Promise<void>;
    backUp: () => Promise<unknown>;
    restore: (file: File) => Promise<void>;
  };
  /** Absent unless HubSpot marks are on. */
  onRefreshMarks?: (() => void) | undefined;
  /** The leads "Send to HubSpot" acts on. */
  sendScope: readonly string[];
  send: {
    start: (personIds: readonly string[]) => void;
    /** The open send dialog's step (keyed by `id`: each send starts blank); null when closed. */
    open: (HubSpotSendStep & { id: number }) | null;
    send: ComponentProps<typeof HubSpotSendDialog>['onSend'];
    close: () => void;
  };
}

export function LeadsHeader(props: LeadsHeaderProps) {
  const { files, send, onRefreshMarks } = props;
  // "Back up leads" (one versioned JSON file) and "Restore leads" (a file the rep picks, merged into the
  // leads here: the same file twice adds nothing): the file input is driven by the button, so both are
  // plain buttons to the keyboard and to a screen reader.
  const restoreInput = useRef<HTMLInputElement>(null);
  return (
    <header className="leads__header" ref={props.ref}>
      <h1>Leads</h1>
      <div className="leads__toolbar">
        <button type="button" className="btn" onClick={props.onFindProspects}>
          {FIND_PROSPECTS}
        </button>
        <button type="button" className="btn" aria-expanded={props.enrich.open} onClick={props.enrich.onToggle}>
          Enrich a list
        </button>
        <ExportMenu scope={files.exportScope} disabled={!files.canExport} onExport={(k) => void files.runExport(k)} />
        <div className="leads-backup">
          <button type="button" className="btn" onClick={() => void files.backUp()}>
            Back up leads
          </button>
          <button type="button" className="btn" onClick={() => restoreInput.current?.click()}>
            Restore leads
          </button>
          <input
            ref={restoreInput}
            type="file"
            accept="application/json,.json"
            hidden
            data-testid="restore-leads-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              // Cleared so the same file can be picked again (a second restore of it adds nothing, and says so).
              e.target.value = '';
              if (file) void files.restore(file);
            }}
          />
        </div>
        {onRefreshMarks && (
          <button type="button" className="btn" onClick={onRefreshMarks}>
            Refresh HubSpot marks
          </button>
        )}
        <HubSpotSendButton count={props.sendScope.length} onOpen={() => send.start(props.sendScope)} />
        {send.open && <HubSpotSendDialog key={send.open.id} step={send.open} onSend={send.send} onClose={send.close} />}
      </div>
    </header>
  );
}

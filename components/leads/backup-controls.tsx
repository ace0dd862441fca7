/*
 * BackupControls — "Back up leads" (one versioned JSON file) and "Restore leads" (a file the rep picks,
 * merged into the leads here: the same file twice adds nothing). The file input is driven by the
 * button, so both are plain buttons to the keyboard and to a screen reader.
 */
import { useRef } from 'react';

export interface BackupControlsProps {
  onBackup: () => void;
  onRestore: (file: File) => void;
}

export function BackupControls({ onBackup, onRestore }: BackupControlsProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="leads-backup">
      <button type="button" className="btn" onClick={onBackup}>
        Back up leads
      </button>
      <button type="button" className="btn" onClick={() => input.current?.click()}>
        Restore leads
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="restore-leads-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared so the same file can be picked again (a second restore of it adds nothing, and says so).
          e.target.value = '';
          if (file) onRestore(file);
        }}
      />
    </div>
  );
}

/*
 * Where a list comes from: pasted into the text box, or a CSV/TSV file read in the page (nothing leaves
 * the machine to read it). A file's text goes into the box, so what will be read is always in view.
 */
import { useId } from 'react';

export interface EnrichSourceProps {
  text: string;
  onText: (text: string) => void;
  onFile: (file: File) => void;
  /** A file that could not be read, in words. */
  error?: string | null;
}

export function EnrichSource({ text, onText, onFile, error }: EnrichSourceProps) {
  const id = useId();
  return (
    <div className="enrich-source">
      <label htmlFor={`${id}-text`}>Paste handles, profile links or a spreadsheet</label>
      <textarea
        id={`${id}-text`}
        value={text}
        rows={6}
        spellCheck={false}
        aria-describedby={`${id}-help`}
        onChange={(e) => onText(e.target.value)}
      />
      <p id={`${id}-help`} className="muted small">
        One person a line: an X handle or link, a LinkedIn profile link, or name and company; or a sheet with a header row.
      </p>
      <label htmlFor={`${id}-file`}>Choose a CSV or TSV file</label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = ''; // the same file chosen again reads again
        }}
      />
      {error && (
        <p className="notice notice--warn" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

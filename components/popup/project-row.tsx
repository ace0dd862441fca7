import type { Project } from '@/lib/api';
import { RowAction } from './row-action';
import { companyTypeLabel, tickerLabel } from './company-labels';
import { SafeText } from '@/components/shared/safe-text';

export interface ProjectRowProps {
  project: Project;
  /** Absent for sample (NOT REAL DATA) rows: synthetic records are never opened as if real. */
  onPick?: (project: Project) => void;
}

/** One company in the search results: name, type and ticker. */
export function ProjectRow({ project, onPick }: ProjectRowProps) {
  const ticker = tickerLabel(project.ticker);
  return (
    <li className="result-row">
      <RowAction onPick={onPick && (() => onPick(project))}>
        <SafeText className="result-name" text={project.name} />
        <span className="result-meta">
          {' '}
          {companyTypeLabel(project.companyType)}
          {ticker && (
            <>
              {' · '}
              <SafeText text={ticker} />
            </>
          )}
        </span>
      </RowAction>
    </li>
  );
}

import type { Project } from '@/lib/api';
import { companyTypeLabel, tickerLabel } from './company-labels';

export interface ProjectRowProps {
  project: Project;
  onPick: (project: Project) => void;
}

/** One company in the search results: name, type and ticker. */
export function ProjectRow({ project, onPick }: ProjectRowProps) {
  const ticker = tickerLabel(project.ticker);
  return (
    <li className="result-row">
      <button type="button" className="result-button" onClick={() => onPick(project)}>
        <span className="result-name">{project.name}</span>
        <span className="result-meta">
          {' '}
          {companyTypeLabel(project.companyType)}
          {ticker && ` · ${ticker}`}
        </span>
      </button>
    </li>
  );
}

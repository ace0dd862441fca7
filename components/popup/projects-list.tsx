import { useId } from 'react';
import type { Project } from '@/lib/api';
import { ProjectRow } from './project-row';

export interface ProjectsListProps {
  projects: readonly Project[];
  /** Absent for a sample answer: its rows are synthetic and cannot be opened. */
  onPick?: (project: Project) => void;
}

/** The "Projects" list of a search (always present, possibly empty): projects, funds and service providers alike. */
export function ProjectsList({ projects, onPick }: ProjectsListProps) {
  const headingId = useId();
  return (
    <section className="result-group">
      <h2 id={headingId}>Projects</h2>
      <ul role="list" aria-labelledby={headingId} className="result-list">
        {projects.map((project) => (
          <ProjectRow key={project.id} project={project} {...(onPick ? { onPick } : {})} />
        ))}
      </ul>
      {projects.length === 0 && <p className="empty">No projects match.</p>}
    </section>
  );
}

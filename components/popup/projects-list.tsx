import type { Project } from '@/lib/api';
import { ProjectRow } from './project-row';
import { ResultGroup } from './result-group';

export interface ProjectsListProps {
  projects: readonly Project[];
  /** Absent for a sample answer: its rows are synthetic and cannot be opened. */
  onPick?: (project: Project) => void;
}

/** The "Projects" list of a search (always present, possibly empty): projects, funds and service providers alike. */
export function ProjectsList({ projects, onPick }: ProjectsListProps) {
  return (
    <ResultGroup heading="Projects" emptyText="No projects match." count={projects.length}>
      {projects.map((project) => (
        <ProjectRow key={project.id} project={project} {...(onPick ? { onPick } : {})} />
      ))}
    </ResultGroup>
  );
}

import type { AuditEntityType } from '@tabula/protocol';
import { AUDIT_ENTITY_TYPES } from '@tabula/protocol';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import type { AuditFilters as Filters } from '../../../features/audit/api/get-audit-log';
import { AuditFilters } from '../../../features/audit/components/audit-filters';
import { AuditLogTable } from '../../../features/audit/components/audit-log-table';
import { useMembers } from '../../../features/members/api/get-members';
import { useProjects } from '../../../features/projects/api/get-projects';

const FILTER_PARAMS = ['entityType', 'actorId', 'projectId'] as const;

const isEntityType = (value: string | null): value is AuditEntityType =>
  AUDIT_ENTITY_TYPES.includes(value as AuditEntityType);

/** Filters live in the address, so a filtered view can be shared and survives a reload. */
function readFilters(params: URLSearchParams): Filters {
  const entityType = params.get('entityType');
  return {
    entityType: isEntityType(entityType) ? entityType : undefined,
    actorId: params.get('actorId') ?? undefined,
    projectId: params.get('projectId') ?? undefined,
  };
}

export function AuditRoute() {
  const { t } = useTranslation('audit');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const members = useMembers();
  const projects = useProjects();

  const setFilters = (next: Filters) => {
    const search = new URLSearchParams();
    for (const name of FILTER_PARAMS) {
      const value = next[name];
      if (value) search.set(name, value);
    }
    setParams(search, { replace: true });
  };
  const actors = (members.data ?? []).map(({ user }) => ({ value: user.id, label: user.name || user.email }));
  const projectOptions = (projects.data ?? []).map((project) => ({ value: project.id, label: project.name }));

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <AuditFilters value={filters} onChange={setFilters} actors={actors} projects={projectOptions} />
        <AuditLogTable
          filters={filters}
          projectName={(projectId) => projects.data?.find((project) => project.id === projectId)?.name}
        />
      </Card>
    </>
  );
}

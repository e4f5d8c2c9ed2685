import { PlusOutlined } from '@ant-design/icons';
import { EXPERIMENT_KINDS, EXPERIMENT_SORTS, EXPERIMENT_STATUSES } from '@tabula/protocol';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import type { ExperimentsQuery } from '../../../features/experiments/api/get-experiments';
import { ExperimentList } from '../../../features/experiments/components/experiment-list';
import { useCanEditExperiments } from '../../../features/experiments/hooks/use-can-edit-experiments';
import { experimentPath, newExperimentPath } from './experiment-paths';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** The list's search, filters, order and page live in the address, so a view can be shared and survives a reload. */
function readQuery(params: URLSearchParams): ExperimentsQuery {
  const offset = Number(params.get('offset'));
  const order = params.get('order');
  return {
    search: params.get('search') ?? undefined,
    status: oneOf([...EXPERIMENT_STATUSES, 'all'] as const, params.get('status')),
    kind: oneOf(EXPERIMENT_KINDS, params.get('kind')),
    sort: oneOf(EXPERIMENT_SORTS, params.get('sort')),
    order: order === 'asc' || order === 'desc' ? order : undefined,
    offset: Number.isInteger(offset) && offset > 0 ? offset : undefined,
  };
}

function writeQuery(query: ExperimentsQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== 0 && !(name === 'status' && value === 'all')) {
      params.set(name, String(value));
    }
  }
  return params;
}

export function ExperimentsRoute() {
  const { t } = useTranslation('experiments');
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const canEdit = useCanEditExperiments();

  const newButton = (testId: string) =>
    canEdit && (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => navigate(newExperimentPath(projectId))}
        data-testid={testId}
      >
        {t('list.new')}
      </Button>
    );

  return (
    <>
      <PageHeader title={t('title')} description={t('list.description')} extra={newButton('new-experiment')} />
      <Card>
        <ExperimentList
          projectId={projectId}
          query={readQuery(params)}
          onQueryChange={(query) => setParams(writeQuery(query), { replace: true })}
          experimentHref={(key) => experimentPath(projectId, key)}
          createAction={newButton('new-experiment-empty') || undefined}
        />
      </Card>
    </>
  );
}

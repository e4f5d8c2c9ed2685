import { PlusOutlined, SnippetsOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useUrlListState } from '../../../components/list-kit/use-url-list-state';
import { PageHeader } from '../../../components/page-header';
import { ExperimentList } from '../../../features/experiments/components/experiment-list';
import { useCanEditExperiments } from '../../../features/experiments/hooks/use-can-edit-experiments';
import { readExperimentsQuery, writeExperimentsQuery } from '../../../features/experiments/utils/list-query';
import { experimentPath, experimentTemplatesPath, newExperimentPath } from './experiment-paths';

export function ExperimentsRoute() {
  const { t } = useTranslation('experiments');
  const { projectId = '' } = useParams();
  const [query, setQuery] = useUrlListState(readExperimentsQuery, writeExperimentsQuery);
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
      <PageHeader
        title={t('title')}
        description={t('list.description')}
        extra={
          <Flex gap={8} wrap>
            <Button
              icon={<SnippetsOutlined />}
              onClick={() => navigate(experimentTemplatesPath(projectId))}
              data-testid="experiment-templates"
            >
              {t('templates.title')}
            </Button>
            {newButton('new-experiment')}
          </Flex>
        }
      />
      <Card>
        <ExperimentList
          projectId={projectId}
          query={query}
          onQueryChange={setQuery}
          experimentHref={(key) => experimentPath(projectId, key)}
          createAction={newButton('new-experiment-empty') || undefined}
        />
      </Card>
    </>
  );
}

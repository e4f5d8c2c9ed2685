import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFound } from '../../../components/errors/not-found';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { FlagUsageCard } from '../../../features/flag-usage/components/flag-usage-card';
import { useFlag } from '../../../features/flags/api/get-flag';
import { useFlags } from '../../../features/flags/api/get-flags';
import { useRuleExperiments } from '../../../features/flags/api/get-rule-experiments';
import { FlagChangeRequestsBanner } from '../../../features/flags/components/flag-change-requests-banner';
import { FlagEnvironmentPanel } from '../../../features/flags/components/flag-environment-panel';
import { FlagHeader } from '../../../features/flags/components/flag-header';
import { FlagHistory } from '../../../features/flags/components/flag-history';
import { TestUserPanel } from '../../../features/flags/components/test-user-panel';
import { useProject } from '../../../features/projects/api/get-project';
import { useSegments } from '../../../features/segments/api/get-segments';
import { isNotFound } from '../../../lib/api-client';
import { FLAG_TABS, type FlagTab, flagPath, flagsPath } from '../../paths';

const isTab = (value: string): value is FlagTab => FLAG_TABS.includes(value as FlagTab);

export function FlagRoute() {
  const { t } = useTranslation('flags');
  const navigate = useNavigate();
  const { projectId = '', flagKey = '', tab = 'targeting' } = useParams();
  const [params, setParams] = useSearchParams();
  const flag = useFlag(projectId, flagKey);
  const project = useProject(projectId);
  const segments = useSegments(projectId);
  const experiments = useRuleExperiments(projectId);
  // What the flag's prerequisites may name, for the test panel (archived flags are not in any payload).
  const others = useFlags(projectId, { status: 'active', limit: 100 });

  if (!isTab(tab)) return <NotFound />;
  if (flag.isPending) return <Skeleton active />;
  if (flag.isError) {
    if (isNotFound(flag.error)) {
      return <NotFound title={t('notFoundTitle')} description={t('notFoundDescription', { key: flagKey })} />;
    }
    return (
      <>
        <ServerErrorAlert error={flag.error} />
        <Button onClick={() => flag.refetch()}>{t('common:actions.retry')}</Button>
      </>
    );
  }

  const environments = project.data?.environments ?? [];
  const environment = environments.find((candidate) => candidate.key === params.get('environment')) ?? environments[0];
  const segmentList = segments.data ?? [];
  const label = (key: FlagTab) => <span data-testid={`flag-tab-${key}`}>{t(`tabs.${key}`)}</span>;

  return (
    <>
      <Link to={flagsPath(projectId)} style={{ display: 'inline-block', marginBottom: 12 }}>
        <ArrowLeftOutlined /> {t('backToList')}
      </Link>
      <FlagHeader
        projectId={projectId}
        flag={flag.data}
        onDeleted={() => navigate(flagsPath(projectId), { replace: true })}
        onCloned={(clone) => navigate(flagPath(projectId, clone.key))}
      />
      <ServerErrorAlert error={project.error ?? segments.error} />
      <FlagChangeRequestsBanner projectId={projectId} flagKey={flagKey} />
      {environments.length > 0 && (
        <FlagUsageCard
          projectId={projectId}
          flagKey={flagKey}
          environments={environments}
          environment={environment?.key}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          navigate({ pathname: flagPath(projectId, flagKey, key as FlagTab), search: params.toString() })
        }
        items={[
          {
            key: 'targeting',
            label: label('targeting'),
            children: (
              <Tabs
                type="card"
                activeKey={environment?.key}
                onChange={(key) => setParams({ environment: key }, { replace: true })}
                items={environments.map((candidate) => ({
                  key: candidate.key,
                  label: <span data-testid={`environment-tab-${candidate.key}`}>{candidate.name}</span>,
                  children: (
                    <FlagEnvironmentPanel
                      projectId={projectId}
                      flag={flag.data}
                      environment={candidate}
                      environments={environments}
                      segments={segmentList}
                      // Without an experiments list from the server, the key is typed in.
                      experiments={experiments.data ?? (experiments.isError ? null : [])}
                    />
                  ),
                }))}
              />
            ),
          },
          {
            key: 'test',
            label: label('test'),
            children: (
              <TestUserPanel
                flag={flag.data}
                others={others.data?.flags.filter((other) => other.key !== flag.data.key)}
                environments={environments}
                segments={segmentList}
                experiments={experiments.data ?? []}
              />
            ),
          },
          {
            key: 'history',
            label: label('history'),
            children: <FlagHistory projectId={projectId} flag={flag.data} environments={environments} />,
          },
        ]}
      />
    </>
  );
}

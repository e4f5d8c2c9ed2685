import { AppstoreAddOutlined } from '@ant-design/icons';
import type { Project } from '@tabula/protocol';
import { Button, Card, Col, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useProjects } from '../api/get-projects';
import { CreateProjectButton } from './create-project-button';

interface ProjectsListProps {
  /** Where a project opens; the app owns the routes. */
  projectHref: (project: Project) => string;
}

export function ProjectsList({ projectHref }: ProjectsListProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('projects');
  const projects = useProjects();

  if (projects.isPending) return <Skeleton active />;
  if (projects.isError) {
    return (
      <>
        <ServerErrorAlert error={projects.error} />
        <Button onClick={() => projects.refetch()}>{t('common:actions.retry')}</Button>
      </>
    );
  }
  if (projects.data.length === 0) {
    return (
      <Card>
        <EmptyState
          title={t('list.empty')}
          description={t('list.emptyDescription')}
          action={
            <CreateProjectButton
              testId="create-project-button-empty"
              onCreated={(project) => navigate(projectHref(project))}
            />
          }
        />
      </Card>
    );
  }
  return (
    <Row gutter={[16, 16]} data-testid="projects-list">
      {projects.data.map((project) => (
        <Col key={project.id} xs={24} md={12} xl={8}>
          <ProjectCard project={project} href={projectHref(project)} />
        </Col>
      ))}
    </Row>
  );
}

function ProjectCard({ project, href }: { project: Project; href: string }) {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  return (
    <Card
      hoverable
      onClick={() => navigate(href)}
      data-testid={`project-card-${project.id}`}
      style={{ height: '100%' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, height: '100%' } }}
    >
      <Flex align="center" gap={10}>
        <AppstoreAddOutlined style={{ fontSize: 18, color: '#4f46e5' }} />
        <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
          <Link to={href}>{project.name}</Link>
        </Typography.Title>
      </Flex>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, minHeight: 44 }}>
        {project.description || t('list.noDescription')}
      </Typography.Paragraph>
      <Flex wrap gap={4} style={{ marginTop: 'auto' }}>
        {project.environments.map((environment) => (
          <Tag key={environment.id}>{environment.name}</Tag>
        ))}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('list.createdAt')} <RelativeTime value={project.createdAt} />
      </Typography.Text>
    </Card>
  );
}

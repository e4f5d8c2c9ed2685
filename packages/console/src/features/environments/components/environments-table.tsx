import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Environment } from '@tabula/protocol';
import { Button, Card, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useDeleteEnvironment } from '../api/delete-environment';
import { EnvironmentModal } from './environment-modal';
import { PayloadEncryptionCell } from './payload-encryption-cell';
import { ProtectionSwitch } from './protection-switch';
import { RequiredApprovalsCell } from './required-approvals-cell';

interface EnvironmentsTableProps {
  projectId: string;
  environments: Environment[];
}

export function EnvironmentsTable({ projectId, environments }: EnvironmentsTableProps) {
  const { t } = useTranslation('projects');
  const canWrite = useCan('environment:write');
  const [modalOpen, setModalOpen] = useState(false);
  // Kept while the modal closes, so its title does not flip mid-animation.
  const [target, setTarget] = useState<Environment | null>(null);
  const openModal = (environment: Environment | null) => {
    setTarget(environment);
    setModalOpen(true);
  };
  const remove = useDeleteEnvironment(projectId);

  const columns: TableColumnsType<Environment> = [
    { title: t('environments.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('environments.key'),
      dataIndex: 'key',
      key: 'key',
      render: (key: string) => (
        <Typography.Text code copyable>
          {key}
        </Typography.Text>
      ),
    },
    {
      title: t('environments.protection.title'),
      key: 'protected',
      render: (_, environment) => <ProtectionSwitch projectId={projectId} environment={environment} />,
    },
    {
      title: t('environments.approvals.title'),
      key: 'requiredApprovals',
      render: (_, environment) => <RequiredApprovalsCell projectId={projectId} environment={environment} />,
    },
    {
      title: t('environments.encryption.title'),
      key: 'payloadKey',
      render: (_, environment) => <PayloadEncryptionCell projectId={projectId} environment={environment} />,
    },
    {
      title: t('environments.created'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (value: string) => <RelativeTime value={value} />,
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      align: 'right',
      render: (_, environment) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => openModal(environment)}
            aria-label={t('environments.renameNamed', { name: environment.name })}
            data-testid={`rename-environment-${environment.key}`}
          >
            {t('common:actions.rename')}
          </Button>
          <Popconfirm
            title={t('environments.deleteConfirm', { name: environment.name })}
            description={t('environments.deleteDescription')}
            okText={t('common:actions.delete')}
            cancelText={t('common:actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(environment.key)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('environments.deleteNamed', { name: environment.name })}
              data-testid={`delete-environment-${environment.key}`}
            >
              {t('common:actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  const addButton = (testId: string) =>
    canWrite && (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => openModal(null)} data-testid={testId}>
        {t('environments.add')}
      </Button>
    );

  return (
    <Card title={t('environments.title')} extra={addButton('add-environment')}>
      <Typography.Paragraph type="secondary">{t('environments.description')}</Typography.Paragraph>
      <ServerErrorAlert error={remove.error} />
      <Table
        rowKey="id"
        columns={columns}
        dataSource={environments}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="environments-table"
        locale={{
          emptyText: (
            <EmptyState title={t('environments.empty')} action={addButton('add-environment-empty') || undefined} />
          ),
        }}
      />
      <EnvironmentModal
        projectId={projectId}
        environment={target}
        open={modalOpen}
        onClose={() => setModalOpen(false)}
      />
    </Card>
  );
}

import type { ImportProblem, ImportReport } from '@tabula/protocol';
import { Alert, Flex, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isClean } from '../utils/import-report';

/** What an import did or would do, and every conflict and error it met. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation('transfer');
  const problems = [
    ...report.conflicts.map((problem) => ({ ...problem, type: 'conflict' as const })),
    ...report.errors.map((problem) => ({ ...problem, type: 'error' as const })),
  ];
  const summary = t(report.dryRun ? 'report.wouldWrite' : 'report.written', {
    created: report.created.length,
    updated: report.updated.length,
  });
  return (
    <Flex vertical gap={12} data-testid="import-report">
      {isClean(report) ? (
        <Alert type={report.dryRun ? 'info' : 'success'} showIcon title={summary} />
      ) : (
        <Alert
          type="error"
          showIcon
          title={t('report.refused', { conflicts: report.conflicts.length, errors: report.errors.length })}
        />
      )}
      {problems.length > 0 && (
        <Table<ImportProblem & { type: 'conflict' | 'error' }>
          size="small"
          rowKey={(problem) => `${problem.type}.${problem.path}.${problem.reason}`}
          dataSource={problems}
          pagination={false}
          scroll={{ x: true }}
          columns={[
            {
              title: t('report.type'),
              dataIndex: 'type',
              render: (type: 'conflict' | 'error') => (
                <Tag color={type === 'error' ? 'red' : 'orange'}>{t(`report.types.${type}`)}</Tag>
              ),
            },
            { title: t('report.kind'), dataIndex: 'kind', render: (kind: string) => t(`report.kinds.${kind}`) },
            { title: t('report.key'), dataIndex: 'key' },
            { title: t('report.reason'), dataIndex: 'reason' },
            { title: t('report.path'), dataIndex: 'path' },
          ]}
        />
      )}
    </Flex>
  );
}

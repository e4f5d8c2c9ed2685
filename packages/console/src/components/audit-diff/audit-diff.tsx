import { Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DiffRow, diffSnapshots, formatValue } from './diff';

const REMOVED_BACKGROUND = '#fff1f0';
const ADDED_BACKGROUND = '#f6ffed';

const MAX_BLOCK_HEIGHT = 240;

function Value({ value, background }: { value: unknown; background: string }) {
  if (value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  // Lists and objects (a flag's rules, say) read better laid out than on one line; long ones scroll.
  if (typeof value === 'object' && value !== null) {
    return (
      <pre
        style={{
          background,
          margin: 0,
          padding: '4px 8px',
          borderRadius: 4,
          fontSize: 12,
          maxHeight: MAX_BLOCK_HEIGHT,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {JSON.stringify(value, null, 2)}
      </pre>
    );
  }
  return (
    <Typography.Text code style={{ background, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {formatValue(value)}
    </Typography.Text>
  );
}

interface AuditDiffProps {
  /** Snapshots of an audit entry, or of a change about to be made (a confirmation shows it before saving). */
  before: unknown;
  after: unknown;
  testId?: string;
}

/** Before and after side by side, one row per field that changed. */
export function AuditDiff({ before, after, testId }: AuditDiffProps) {
  const { t } = useTranslation('audit');
  const rows = diffSnapshots(before, after);
  if (rows.length === 0) return <Typography.Text type="secondary">{t('diff.noChanges')}</Typography.Text>;

  const columns: TableColumnsType<DiffRow> = [
    {
      title: t('diff.field'),
      dataIndex: 'path',
      key: 'path',
      width: '24%',
      render: (path: string) => <strong>{path}</strong>,
    },
    {
      title: t('diff.before'),
      dataIndex: 'before',
      key: 'before',
      render: (value: unknown) => <Value value={value} background={REMOVED_BACKGROUND} />,
    },
    {
      title: t('diff.after'),
      dataIndex: 'after',
      key: 'after',
      render: (value: unknown) => <Value value={value} background={ADDED_BACKGROUND} />,
    },
  ];
  return (
    <Table size="small" rowKey="path" columns={columns} dataSource={rows} pagination={false} data-testid={testId} />
  );
}

import type { ExperimentResults } from '@tabula/protocol';
import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultsFormat } from '../hooks/use-results-format';
import { observedSplit, type VersionSplit } from '../utils/observed-split';

interface SrmBannerProps {
  srm: ExperimentResults['srm'];
  versions: ExperimentResults['versions'];
  format: ResultsFormat;
}

/**
 * A split far from the weights means assignment or tracking is broken somewhere, and every number below may be
 * biased: shown above everything, with the split it saw.
 */
export function SrmBanner({ srm, versions, format }: SrmBannerProps) {
  const { t } = useTranslation('results');
  if (!srm?.flagged) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="srm-banner"
      style={{ marginBottom: 16 }}
      title={t('srm.title')}
      description={
        <>
          <p>{t('srm.description', { p: format.pStatement(srm.pValue) })}</p>
          <Table<VersionSplit>
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={observedSplit(versions)}
            data-testid="srm-split"
            columns={[
              { key: 'name', title: t('columns.version'), dataIndex: 'name' },
              { key: 'units', title: t('columns.units'), align: 'right', render: (_, row) => format.count(row.units) },
              {
                key: 'observed',
                title: t('srm.observed'),
                align: 'right',
                render: (_, row) => format.share(row.observed),
              },
              {
                key: 'expected',
                title: t('srm.expected'),
                align: 'right',
                render: (_, row) => format.share(row.expected),
              },
            ]}
          />
        </>
      }
    />
  );
}

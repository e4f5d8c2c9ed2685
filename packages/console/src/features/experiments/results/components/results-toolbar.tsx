import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ExperimentResults, ResultsQuery } from '@tabula/protocol';
import { Button, Flex, Segmented, Space, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface ResultsToolbarProps {
  options: ResultsQuery;
  onOptionsChange: (change: Partial<ResultsQuery>) => void;
  /** Null before the first results: there is nothing to read differently or export yet. */
  results: ExperimentResults | null;
  onExport: () => void;
  /** Absent for those who may not refresh. */
  onRefresh?: () => void;
  refreshing: boolean;
}

export function ResultsToolbar({
  options,
  onOptionsChange,
  results,
  onExport,
  onRefresh,
  refreshing,
}: ResultsToolbarProps) {
  const { t } = useTranslation('results');
  const bayesian = results?.method === 'bayesian';
  return (
    <Flex gap={16} align="center" wrap justify="flex-end">
      {results && (
        <>
          <Space size={6}>
            <Switch
              size="small"
              checked={options.cuped}
              onChange={(cuped) => onOptionsChange({ cuped })}
              data-testid="toggle-cuped"
            />
            <Tooltip title={t('toggles.cupedHelp')}>
              <span>{t('toggles.cuped')}</span>
            </Tooltip>
          </Space>
          <Space size={6}>
            <Switch
              size="small"
              checked={options.sequential && !bayesian}
              disabled={bayesian}
              onChange={(sequential) => onOptionsChange({ sequential })}
              data-testid="toggle-sequential"
            />
            <Tooltip title={bayesian ? t('toggles.sequentialBayesian') : t('toggles.sequentialHelp')}>
              <span>{t('toggles.sequential')}</span>
            </Tooltip>
          </Space>
          <Segmented
            size="small"
            value={options.relative ? 'relative' : 'absolute'}
            onChange={(value) => onOptionsChange({ relative: value === 'relative' })}
            options={(['relative', 'absolute'] as const).map((value) => ({
              value,
              label: <span data-testid={`toggle-${value}`}>{t(`toggles.${value}`)}</span>,
            }))}
          />
          <Button icon={<DownloadOutlined />} onClick={onExport} data-testid="results-export">
            {t('export')}
          </Button>
        </>
      )}
      {onRefresh && (
        <Button
          type="primary"
          icon={<ReloadOutlined />}
          loading={refreshing}
          onClick={onRefresh}
          data-testid="results-refresh"
        >
          {t('refresh')}
        </Button>
      )}
    </Flex>
  );
}

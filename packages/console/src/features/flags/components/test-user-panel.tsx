import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Experiment, Flag, PayloadSegment } from '@tabula/protocol';
import { AutoComplete, Button, Card, Flex, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { missSentence, ruleMisses } from '../utils/rule-misses';
import { type AttributeRow, type PreviewResult, previewFlag, toAttributes } from '../utils/test-user';
import { formatVariantValue } from '../utils/variant-fields';

interface TestUserPanelProps {
  flag: Flag;
  /** The project's other flags, which the flag's prerequisites may name. */
  others?: Flag[];
  environments: { key: string; name: string }[];
  segments: PayloadSegment[];
  experiments: Experiment[];
}

const REASON_COLORS: Record<PreviewResult['reason'], string> = {
  STATIC: 'default',
  TARGETING_MATCH: 'green',
  SPLIT: 'blue',
  DEFAULT: 'default',
  DISABLED: 'orange',
  PREREQUISITE_FAILED: 'orange',
  ERROR: 'red',
};

const SUGGESTED = ['email', 'country', 'plan', 'browser', 'version', 'url'].map((value) => ({ value }));

interface Row extends PreviewResult {
  environment: { key: string; name: string };
  /** Why each rule before the one that served (or every rule) did not match. */
  misses: string[];
}

/**
 * What a visitor with these attributes gets in each environment, worked out in the browser by the SDK's own
 * evaluator from the saved rules: the answer an application would see.
 */
export function TestUserPanel({ flag, others, environments, segments, experiments }: TestUserPanelProps) {
  const { t } = useTranslation('flags');
  const [unitId, setUnitId] = useState('');
  const [rows, setRows] = useState<AttributeRow[]>([{ name: '', value: '' }]);
  const attributes = toAttributes(rows, unitId);
  const results: Row[] = environments.map((environment) => {
    const result = previewFlag({ flag, others, environment: environment.key, segments, experiments }, attributes);
    const state = flag.environments[environment.key];
    const misses = state && result.reason !== 'ERROR' ? ruleMisses(state, result.ruleId, attributes, segments) : [];
    return { environment, ...result, misses: misses.map((miss) => missSentence(miss, t)) };
  });
  const setRow = (index: number, change: Partial<AttributeRow>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const ruleNumber = (row: Row) => {
    const index = flag.environments[row.environment.key]?.rules.findIndex((rule) => rule.id === row.ruleId) ?? -1;
    return index < 0 ? null : index + 1;
  };

  const columns: TableColumnsType<Row> = [
    { title: t('test.environment'), key: 'environment', render: (_, row) => <strong>{row.environment.name}</strong> },
    {
      title: t('test.value'),
      key: 'value',
      // No variant, and no error: the flag defers to the default written in the code.
      render: (_, row) =>
        row.variant === null && row.reason !== 'ERROR' ? (
          <Typography.Text type="secondary">{t('fields.noVariant')}</Typography.Text>
        ) : (
          <Typography.Text code>{formatVariantValue(row.value)}</Typography.Text>
        ),
    },
    { title: t('test.variant'), key: 'variant', render: (_, row) => row.variant ?? '—' },
    {
      title: t('test.reason'),
      key: 'reason',
      render: (_, row) => (
        <Flex vertical gap={2}>
          <div>
            <Tag color={REASON_COLORS[row.reason]}>{t(`test.reasons.${row.reason}`)}</Tag>
          </div>
          {row.errorCode && <Typography.Text type="danger">{t(`test.errors.${row.errorCode}`)}</Typography.Text>}
          {row.problems.map((problem) => (
            <Typography.Text key={problem} type="warning" style={{ fontSize: 12 }}>
              {t('test.sdkReport', { problem })}
            </Typography.Text>
          ))}
          {row.misses.length > 0 && (
            <Flex vertical gap={2} data-testid={`test-misses-${row.environment.key}`}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('test.misses.title')}
              </Typography.Text>
              {row.misses.map((miss) => (
                <Typography.Text key={miss} style={{ fontSize: 12 }}>
                  {miss}
                </Typography.Text>
              ))}
            </Flex>
          )}
        </Flex>
      ),
    },
    {
      title: t('test.rule'),
      key: 'rule',
      render: (_, row) => {
        const number = ruleNumber(row);
        return number === null ? '—' : t('rules.title', { number });
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('test.visitor')}>
        <Flex vertical gap={8} style={{ maxWidth: 640 }}>
          <Typography.Text type="secondary">{t('test.description')}</Typography.Text>
          <Flex gap={8} align="center">
            <Typography.Text style={{ width: 160, flex: 'none' }}>{t('test.unitId')}</Typography.Text>
            <Input
              value={unitId}
              onChange={(event) => setUnitId(event.target.value)}
              placeholder="user-42"
              aria-label={t('test.unitId')}
              data-testid="test-unit-id"
            />
          </Flex>
          {rows.map((row, index) => (
            // The rows are positions in a small form the user fills in; nothing else identifies them.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Flex key={index} gap={8} align="center" data-testid={`test-attribute-${index}`}>
              <AutoComplete
                style={{ width: 160, flex: 'none' }}
                options={SUGGESTED}
                value={row.name}
                placeholder={t('test.attribute')}
                aria-label={t('test.attribute')}
                onChange={(name: string) => setRow(index, { name })}
              />
              <Input
                value={row.value}
                placeholder={t('test.attributeValue')}
                aria-label={t('test.attributeValue')}
                onChange={(event) => setRow(index, { value: event.target.value })}
              />
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('test.removeAttribute')}
                onClick={() => setRows(rows.filter((_, at) => at !== index))}
              />
            </Flex>
          ))}
          <div>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setRows([...rows, { name: '', value: '' }])}
              data-testid="test-add-attribute"
            >
              {t('test.addAttribute')}
            </Button>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('test.listHelp')}
          </Typography.Text>
        </Flex>
      </Card>
      <Card size="small" title={t('test.results')}>
        <Table
          rowKey={(row) => row.environment.key}
          columns={columns}
          dataSource={results}
          pagination={false}
          size="middle"
          scroll={{ x: 'max-content' }}
          data-testid="test-results"
        />
      </Card>
    </Flex>
  );
}

import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportMode, ImportReport } from '@tabula/protocol';
import { Button, Card, Flex, Radio, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useExportProject } from '../api/export-project';
import { useImportProject } from '../api/import-project';
import { isClean, parseImportFile } from '../utils/import-report';
import { ImportReportView } from './import-report-view';

interface Chosen {
  name: string;
  data: unknown;
}

/**
 * Export the project as a file; import one (admins): the file is first checked with a dry run, whose report is shown,
 * and only a clean report lets the import go ahead.
 */
export function TransferCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation('transfer');
  const canImport = useCan('project:write');
  const exporting = useExportProject(projectId);
  const importing = useImportProject(projectId);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [mode, setMode] = useState<ImportMode>('create_only');
  const [report, setReport] = useState<ImportReport | null>(null);

  const check = async (file: Chosen, nextMode: ImportMode) => {
    setReport(null);
    setReport(await importing.mutateAsync({ data: file.data, mode: nextMode, dryRun: true }));
  };

  const choose = async (file: File) => {
    const parsed = parseImportFile(await file.text());
    setUnreadable(parsed === null);
    const next = parsed && { name: file.name, data: parsed.data };
    setChosen(next);
    setReport(null);
    if (next) await check(next, mode).catch(() => undefined);
  };

  const confirm = async () => {
    if (!chosen) return;
    const result = await importing.mutateAsync({ data: chosen.data, mode, dryRun: false }).catch(() => null);
    if (result) setReport(result);
    if (result && isClean(result)) setChosen(null);
  };

  return (
    <Card title={t('title')} data-testid="transfer-card">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('description')}</Typography.Text>
        <ServerErrorAlert error={exporting.error ?? importing.error} />
        <div>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
            data-testid="export-project"
          >
            {t('export')}
          </Button>
        </div>
        {canImport && (
          <Flex vertical gap={12}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('import.heading')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('import.description')}</Typography.Text>
            <Radio.Group
              value={mode}
              onChange={(event) => {
                const next = event.target.value as ImportMode;
                setMode(next);
                if (chosen) void check(chosen, next).catch(() => undefined);
              }}
              options={[
                { value: 'create_only', label: t('import.modes.create_only') },
                { value: 'overwrite', label: t('import.modes.overwrite') },
              ]}
              data-testid="import-mode"
            />
            <Flex gap={8} align="center" wrap>
              <Upload
                accept="application/json,.json"
                maxCount={1}
                showUploadList={false}
                beforeUpload={(file) => {
                  void choose(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="import-choose">
                  {t('import.choose')}
                </Button>
              </Upload>
              {chosen && <Typography.Text data-testid="import-file">{chosen.name}</Typography.Text>}
            </Flex>
            {unreadable && <Typography.Text type="danger">{t('import.unreadable')}</Typography.Text>}
            {report && <ImportReportView report={report} />}
            {chosen && report?.dryRun && (
              <div>
                <Button
                  type="primary"
                  disabled={!isClean(report)}
                  loading={importing.isPending}
                  onClick={confirm}
                  data-testid="import-confirm"
                >
                  {t('import.confirm')}
                </Button>
              </div>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

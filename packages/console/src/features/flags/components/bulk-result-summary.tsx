import type { BulkFlagResult } from '@tabula/protocol';
import { Button, Flex, Modal, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeRequestPagePath } from '../../../lib/change-request-paths';
import { translateServerMessage } from '../../../lib/form-errors';

type BulkItem = BulkFlagResult['results'][number];

interface BulkResultSummaryProps {
  projectId: string;
  /** The outcome of the last bulk action; null shows nothing. */
  results: BulkItem[] | null;
  onClose: () => void;
}

/** Why a flag was refused, in the user's language where the reason is a known one; else the server's words. */
function reasonOf(item: BulkItem, t: TFunction): string {
  if (item.error?.code === 'protected_environment') return t('flags:bulk.summary.protected');
  if (item.error?.code === 'not_found') return t('flags:bulk.summary.notFound');
  return item.error ? translateServerMessage(item.error.message, t) : '';
}

/** What became of each flag of a bulk action: how many applied, went to a change request, or were refused and why. */
export function BulkResultSummary({ projectId, results, onClose }: BulkResultSummaryProps) {
  const { t } = useTranslation('flags');
  const items = results ?? [];
  const count = (outcome: BulkItem['outcome']) => items.filter((item) => item.outcome === outcome).length;
  const refused = items.filter((item) => item.outcome === 'refused');
  // Every request goes to the caller's one draft; more than one is listed all the same.
  const requests = [
    ...new Map(
      items.flatMap((item) => (item.changeRequest ? [[item.changeRequest.id, item.changeRequest] as const] : [])),
    ).values(),
  ];

  return (
    <Modal
      open={results !== null}
      title={t('bulk.summary.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="flag-bulk-summary-close">
          {t('common:actions.done')}
        </Button>
      }
    >
      <Flex vertical gap={12} data-testid="flag-bulk-summary">
        {count('applied') > 0 && (
          <Typography.Text data-testid="flag-bulk-applied">
            {t('bulk.summary.applied', { count: count('applied') })}
          </Typography.Text>
        )}
        {count('unchanged') > 0 && (
          <Typography.Text type="secondary" data-testid="flag-bulk-unchanged">
            {t('bulk.summary.unchanged', { count: count('unchanged') })}
          </Typography.Text>
        )}
        {count('requested') > 0 && (
          <Flex vertical gap={4} align="flex-start" data-testid="flag-bulk-requested">
            <Typography.Text>{t('bulk.summary.requested', { count: count('requested') })}</Typography.Text>
            {requests.map((request) => (
              <Link
                key={request.id}
                to={changeRequestPagePath(projectId, request.id)}
                onClick={onClose}
                data-testid={`flag-bulk-change-request-${request.number}`}
              >
                {t('bulk.summary.openChangeRequest', { number: request.number })}
              </Link>
            ))}
          </Flex>
        )}
        {refused.length > 0 && (
          <Flex vertical gap={4} data-testid="flag-bulk-refused">
            <Typography.Text type="danger">{t('bulk.summary.refused', { count: refused.length })}</Typography.Text>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {refused.map((item) => (
                <li key={item.flag} data-testid={`flag-bulk-refused-${item.flag}`}>
                  <Typography.Text code>{item.flag}</Typography.Text>{' '}
                  <Typography.Text>{reasonOf(item, t)}</Typography.Text>
                </li>
              ))}
            </ul>
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}

import { type DivertedChange, divertedChangeSchema } from '@tabula/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { ResponseSchema } from './api-client';
import { changeRequestPagePath } from './change-request-paths';
import { queryKeys } from './query-keys';

/**
 * The answer of a route whose change may need approval: its usual body (200), or the draft change request the change
 * was added to (202) when the environment it reaches requires approvals.
 */
export const orDiverted = <T,>(schema: z.ZodType<T>): ResponseSchema<T | DivertedChange> =>
  z.union([divertedChangeSchema, schema]);

export const isDiverted = (result: unknown): result is DivertedChange =>
  typeof result === 'object' && result !== null && 'changeRequest' in result;

/**
 * Tells the author their change did not apply but waits in their draft change request, with a way to open it; the
 * change-request lists are refreshed, and nothing else is, since nothing else changed.
 */
export function useDivertedChangeNotice(projectId: string) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return ({ changeRequest }: DivertedChange) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.changeRequests(projectId) });
    const key = `diverted-${changeRequest.id}`;
    notification.info({
      key,
      title: t('changeRequestDiverted.title'),
      description: t('changeRequestDiverted.description', { number: changeRequest.number }),
      duration: 10,
      // A button, not a link: the notice renders outside the router.
      actions: (
        <Button
          type="primary"
          size="small"
          data-testid="diverted-open"
          onClick={() => {
            notification.destroy(key);
            navigate(changeRequestPagePath(projectId, changeRequest.id));
          }}
        >
          {t('changeRequestDiverted.open', { number: changeRequest.number })}
        </Button>
      ),
    });
  };
}

import type { Flag } from '@tabula/protocol';
import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useDeleteFlag } from '../api/delete-flag';
import { useSetFlagArchived } from '../api/set-flag-archived';

/**
 * Archive, restore and delete, each asking first where it matters: archiving takes the flag out of every SDK
 * (code falls back to its default), deleting cannot be undone and needs an archived flag.
 */
export function useFlagLifecycle(projectId: string, onDeleted?: (flag: Flag) => void) {
  const { t } = useTranslation('flags');
  const { modal, message } = App.useApp();
  const showError = useErrorToast();
  const archive = useSetFlagArchived(projectId);
  const remove = useDeleteFlag(projectId);

  const setArchived = (flag: Flag, archived: boolean) =>
    archive
      .mutateAsync({ flagKey: flag.key, archived })
      .then(() => message.success(t(archived ? 'lifecycle.archived' : 'lifecycle.restored', { key: flag.key })))
      .catch(showError);

  return {
    pending: archive.isPending || remove.isPending,
    archive: (flag: Flag) =>
      modal.confirm({
        title: t('lifecycle.archiveTitle', { key: flag.key }),
        content: t('lifecycle.archiveDescription'),
        okText: t('lifecycle.archive'),
        cancelText: t('common:actions.cancel'),
        okButtonProps: { 'data-testid': 'flag-archive-confirm' } as ButtonProps,
        onOk: () => setArchived(flag, true),
      }),
    restore: (flag: Flag) => setArchived(flag, false),
    remove: (flag: Flag) =>
      modal.confirm({
        title: t('lifecycle.deleteTitle', { key: flag.key }),
        content: t('lifecycle.deleteDescription'),
        okText: t('common:actions.delete'),
        okButtonProps: { danger: true, 'data-testid': 'flag-delete-confirm' } as ButtonProps,
        cancelText: t('common:actions.cancel'),
        onOk: () =>
          remove
            .mutateAsync(flag.key)
            .then(() => {
              message.success(t('lifecycle.deleted', { key: flag.key }));
              onDeleted?.(flag);
            })
            .catch(showError),
      }),
  };
}

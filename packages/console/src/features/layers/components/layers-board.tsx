import { PlusOutlined } from '@ant-design/icons';
import type { Layer } from '@tabula/protocol';
import { Button, Card, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useLayers } from '../api/get-layers';
import { useCanEditLayers } from '../hooks/use-can-edit-layers';
import { LayerCard } from './layer-card';
import { LayerModal } from './layer-modal';

interface LayersBoardProps {
  projectId: string;
  experimentHref: (key: string) => string;
}

/** The project's layers, each with its slot map; creating and editing happen in one modal. */
export function LayersBoard({ projectId, experimentHref }: LayersBoardProps) {
  const { t } = useTranslation('experiments');
  const canEdit = useCanEditLayers();
  const layers = useLayers(projectId);
  // undefined: closed; null: creating; a layer: editing it.
  const [editing, setEditing] = useState<Layer | null | undefined>(undefined);

  const createButton = (testId: string) =>
    canEdit && (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid={testId}>
        {t('layers.create')}
      </Button>
    );

  return (
    <>
      <PageHeader
        title={t('layers.title')}
        description={t('layers.description')}
        extra={createButton('layer-create')}
      />
      <ServerErrorAlert error={layers.error} />
      {layers.isPending ? (
        <Skeleton active />
      ) : layers.data?.length ? (
        <Flex vertical gap={16}>
          {layers.data.map((layer) => (
            <LayerCard
              key={layer.id}
              projectId={projectId}
              layer={layer}
              experimentHref={experimentHref}
              onEdit={() => setEditing(layer)}
            />
          ))}
        </Flex>
      ) : (
        <Card>
          <EmptyState
            title={t('layers.empty')}
            description={t('layers.emptyDescription')}
            action={createButton('layer-create-empty') || undefined}
          />
        </Card>
      )}
      <LayerModal
        key={editing?.key ?? 'new'}
        projectId={projectId}
        layer={editing ?? undefined}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}

import { useParams } from 'react-router';
import { LayersBoard } from '../../../features/layers/components/layers-board';
import { experimentPath } from './experiment-paths';

export function LayersRoute() {
  const { projectId = '' } = useParams();
  return <LayersBoard projectId={projectId} experimentHref={(key) => experimentPath(projectId, key)} />;
}

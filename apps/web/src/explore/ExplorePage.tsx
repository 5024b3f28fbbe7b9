// Explore: the sidebar (search, pathfinding, Cypher), the graph, and the details panel of what is selected.
import { useSelection } from '../app/selection';
import { GraphView } from '../graph/GraphView';
import { EdgePanel } from '../edges/EdgePanel';
import { ExploreSidebar } from './ExploreSidebar';
import { NodePanel } from './NodePanel';

export function ExplorePage() {
  const selection = useSelection();
  return (
    <div className="explore">
      <ExploreSidebar />
      <GraphView />
      {selection?.type === 'node' && <NodePanel node={selection} />}
      {selection?.type === 'edge' && <EdgePanel edgeKey={selection.key} />}
    </div>
  );
}

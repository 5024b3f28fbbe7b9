// Re-renders a panel when the graph model changes (names of the shown nodes, Owned marks).
import { useEffect, useState } from 'react';
import { graphModel } from '../graph/graph-model';

export function useGraphVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => graphModel.subscribe((snapshot) => setVersion(snapshot.version)), []);
  return version;
}

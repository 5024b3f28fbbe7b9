// Placeholder: a node's panel (the explore helper).
import type { Selection } from '../app/selection';

export function NodePanel({ node }: { node: Extract<Selection, { type: 'node' }> }) {
  return <aside className="details" aria-label="Node details"><h2>{node.label}</h2></aside>;
}

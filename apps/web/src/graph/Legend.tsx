// What the colours and rings mean: the kinds on screen (most frequent first) and the Tier Zero / Owned marks.
import { useMemo } from 'react';
import { kindStyle } from '../app/kinds';
import type { GraphSnapshot } from './graph-model';
import { OWNED_COLOR, TIER_ZERO_COLOR } from './sigma-options';

const MAX_KINDS = 8;

export function Legend({ snapshot }: { snapshot: GraphSnapshot }) {
  const kinds = useMemo(() => {
    const counts = new Map<string, { label: string; color: string; count: number }>();
    for (const node of snapshot.nodes) {
      const style = kindStyle(node.kind, node.kinds);
      const entry = counts.get(style.label) ?? { label: style.label, color: style.color, count: 0 };
      entry.count++;
      counts.set(style.label, entry);
    }
    return [...counts.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, MAX_KINDS);
  }, [snapshot]);
  return (
    <section className="graph-legend" aria-label="Legend">
      <ul>
        {kinds.map((k) => (
          <li key={k.label}>
            <span className="legend-dot" style={{ backgroundColor: k.color }} aria-hidden="true" />
            {k.label}
          </li>
        ))}
        <li>
          <span className="legend-dot legend-ring" style={{ borderColor: TIER_ZERO_COLOR }} aria-hidden="true" />
          Tier Zero
        </li>
        <li>
          <span className="legend-dot legend-ring" style={{ borderColor: OWNED_COLOR }} aria-hidden="true" />
          Owned
        </li>
      </ul>
    </section>
  );
}

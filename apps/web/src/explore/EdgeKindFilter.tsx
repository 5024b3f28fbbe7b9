// The "Edge kinds" group of pathfinding: a checkbox per traversable kind, grouped by platform, all on by default;
// collapsible, with "All" and "None".
import { useId, useState } from 'react';
import { groupEdgeKinds, type EdgeKindOption } from './pathfinding';

interface Props {
  kinds: readonly EdgeKindOption[];
  picked: ReadonlySet<string>;
  onChange: (picked: Set<string>) => void;
}

export function EdgeKindFilter({ kinds, picked, onChange }: Props) {
  const [expanded, setExpanded] = useState(true);
  const listId = useId();
  const groups = groupEdgeKinds(kinds);

  function toggle(names: readonly string[], on: boolean) {
    const next = new Set(picked);
    for (const name of names) {
      if (on) next.add(name);
      else next.delete(name);
    }
    onChange(next);
  }

  return (
    <fieldset className="ex-edge-kinds">
      <legend>Edge kinds</legend>
      <div className="ex-row">
        <span className="ex-muted">{picked.size} of {kinds.length} picked</span>
        <button type="button" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Hide kinds' : 'Show kinds'}
        </button>
      </div>
      <div id={listId} hidden={!expanded}>
        <div className="ex-row">
          <button type="button" onClick={() => toggle(kinds.map((k) => k.name), true)}>All</button>
          <button type="button" onClick={() => toggle(kinds.map((k) => k.name), false)}>None</button>
        </div>
        {groups.map((group) => (
          <div key={group.title} className="ex-kind-group">
            <h4>{group.title}</h4>
            {group.kinds.map((name) => (
              <label key={name} className="ex-check">
                <input type="checkbox" checked={picked.has(name)} onChange={(event) => toggle([name], event.target.checked)} />
                {name}
              </label>
            ))}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

// The explore sidebar: Search, Pathfinding and Cypher as tabs. Every panel stays mounted (hidden when not chosen)
// so a query or a picked start node survives a switch of tabs.
import './explore.css';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { CypherTab } from '../cypher/CypherTab';
import { PathfindingTab } from './PathfindingTab';
import { SearchTab } from './SearchTab';

const TABS = ['Search', 'Pathfinding', 'Cypher'] as const;
type Tab = (typeof TABS)[number];

export function ExploreSidebar() {
  const [current, setCurrent] = useState<Tab>('Search');
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (tab: Tab) => `${base}-tab-${tab}`;
  const panelId = (tab: Tab) => `${base}-panel-${tab}`;

  // Arrow keys, Home and End move between tabs and choose them (the WAI-ARIA tabs pattern).
  function onKeyDown(event: KeyboardEvent) {
    const at = TABS.indexOf(current);
    const next = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + TABS.length) % TABS.length;
    setCurrent(TABS[index]);
    buttons.current[index]?.focus();
  }

  return (
    <aside className="sidebar ex-sidebar" aria-label="Search and queries">
      <div className="ex-tabs" role="tablist" aria-label="Explore tools" onKeyDown={onKeyDown}>
        {TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={tab === current}
            aria-controls={panelId(tab)}
            tabIndex={tab === current ? 0 : -1}
            className="ex-tab"
            onClick={() => setCurrent(tab)}
          >
            {tab}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div key={tab} role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} hidden={tab !== current} className="ex-panel">
          {tab === 'Search' && <SearchTab />}
          {tab === 'Pathfinding' && <PathfindingTab />}
          {tab === 'Cypher' && <CypherTab />}
        </div>
      ))}
    </aside>
  );
}

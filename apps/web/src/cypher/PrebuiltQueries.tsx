// The 80 pre-built queries, grouped by platform and category as the reference groups them; a click loads one into
// the editor and runs it.
import { useState, type ReactNode } from 'react';
import { PREBUILT_CATEGORIES, PREBUILT_QUERIES, type PrebuiltQuery } from '../../../../libs/graph/src/prebuilt-queries/library.js';

const PLATFORMS = [...new Set(PREBUILT_CATEGORIES.map((c) => c.platform))];
const LIBRARY_URL = 'https://github.com/SpecterOps/BloodHoundQueryLibrary';

function Disclosure({ level, title, children }: { level: 3 | 4; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div className={`ex-disclosure ex-disclosure-${level}`}>
      <Heading>
        <button type="button" className="ex-disclosure-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {title}
        </button>
      </Heading>
      {open && children}
    </div>
  );
}

export function PrebuiltQueries({ onPick }: { onPick: (query: PrebuiltQuery) => void }) {
  return (
    <section className="ex-section" aria-labelledby="ex-prebuilt-title">
      <h2 id="ex-prebuilt-title">Pre-built queries</h2>
      {PLATFORMS.map((platform) => (
        <Disclosure key={platform} level={3} title={platform}>
          {PREBUILT_CATEGORIES.filter((c) => c.platform === platform).map((category) => (
            <Disclosure key={category.category} level={4} title={category.category}>
              <ul className="ex-query-list">
                {PREBUILT_QUERIES.filter((q) => q.number >= category.first && q.number <= category.last).map((query) => (
                  <li key={query.number}>
                    <button type="button" className="ex-link-button" onClick={() => onPick(query)}>
                      {query.name}
                    </button>
                  </li>
                ))}
              </ul>
            </Disclosure>
          ))}
        </Disclosure>
      ))}
      <p className="ex-muted ex-attribution">
        Pre-built queries: <a href={LIBRARY_URL} target="_blank" rel="noopener noreferrer">BloodHound Query Library</a>, © SpecterOps, Apache-2.0
      </p>
    </section>
  );
}

// "About this edge": what the kind means, how it is abused, how to fix it, and public references (https links only).
import { useId } from 'react';
import { edgeHelp } from './edge-help';
import { safeHttpsUrl } from './edge-query';

export function EdgeHelpSection({ kind }: { kind: string }) {
  const title = useId();
  const help = edgeHelp(kind);
  return (
    <section aria-labelledby={title} className="ex-section edge-help">
      <h3 id={title}>About this edge</h3>
      {!help ? (
        <p className="ex-muted">No help is written for the kind {kind}.</p>
      ) : (
        <>
          <h4>What it means</h4>
          <p>{help.meaning}</p>
          <h4>How it is abused</h4>
          <p>{help.abuse}</p>
          <h4>How to fix it</h4>
          <p>{help.fix}</p>
          {help.references.length > 0 && (
            <>
              <h4>References</h4>
              <ul className="edge-references">
                {help.references.map((reference) => {
                  const url = safeHttpsUrl(reference);
                  return (
                    <li key={reference}>
                      {url ? <a href={url} target="_blank" rel="noopener noreferrer">{url}</a> : reference}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

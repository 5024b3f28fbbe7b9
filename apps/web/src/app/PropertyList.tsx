// A node's or an edge's properties as a definition list: sorted keys, values as React text (collected data, never
// HTML), times in the one time format with their ISO form as the tooltip.
import { propertyRows } from './properties';

export function PropertyList({ properties }: { properties: Readonly<Record<string, unknown>> }) {
  return (
    <dl className="property-list">
      {propertyRows(properties).map((row) => (
        <div key={row.key}>
          <dt>{row.key}</dt>
          <dd>
            {row.iso ? (
              <time dateTime={row.iso} title={row.iso}>
                {row.text}
              </time>
            ) : (
              row.text
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

// The literal values of a Cypher answer (RETURN n.name, count(*), ...), as text.
import type { ApiGraph } from '../api/graph-types';

/** Rows beyond this are counted, not drawn (the answer can hold up to the result limit). */
const SHOWN = 500;

export function LiteralTable({ literals }: { literals: NonNullable<ApiGraph['literals']> }) {
  return (
    <div className="ex-table-wrap">
      <table className="ex-table">
        <caption>Values</caption>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {literals.slice(0, SHOWN).map((literal, index) => (
            <tr key={index}>
              <td>{literal.key}</td>
              <td>{literal.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {literals.length > SHOWN && <p className="ex-muted">{literals.length - SHOWN} more values not shown.</p>}
    </div>
  );
}

// Placeholder: an edge's panel (the graph helper).
export function EdgePanel({ edgeKey }: { edgeKey: string }) {
  return <aside className="details" aria-label="Edge details"><h2>{edgeKey}</h2></aside>;
}

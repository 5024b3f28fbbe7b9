// Placeholder: the WebGL graph (the graph helper).
export function GraphView() {
  return <div className="graph" />;
}

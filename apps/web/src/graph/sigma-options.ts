// How sigma draws the explorer's graph: kind colours, Tier Zero / Owned rings (a custom fragment layer: the border
// package is not a dependency), arrows, edge labels with the edge kind. Sizes are screen pixels.
import { defineSigmaOptions } from 'sigma/types';
import { extremityArrow, layerFill, pathLine, sdfCircle, type FragmentLayer } from 'sigma/rendering';

export const TIER_ZERO_COLOR = '#c62828';
export const OWNED_COLOR = '#2e7d32';
export const EDGE_COLOR = '#8a96a3';
export const LABEL_COLOR = '#1d232b';

const UNSIGNED_BYTE = 0x1401;

/** Node attributes in the renderer's graphology graph. */
export interface RenderNode {
  label: string;
  kind: string;
  objectId: string;
  x: number;
  y: number;
  size: number;
  color: string;
  /** Outer ring (Tier Zero, else Owned), inner ring (Owned when both); transparent when none. */
  markOuter: string;
  markInner: string;
  tierZero: boolean;
  owned: boolean;
}

export interface RenderEdge {
  kind: string;
  label: string;
}

/**
 * Rings at the shape's edge: an outer band in markOuter, a white gap, an optional inner band in markInner and another
 * gap, so the mark reads on any fill colour. Depth from the boundary is -sdf (uv units, radius ≈ shapeSize).
 */
const marksLayer: FragmentLayer = {
  name: 'marks',
  uniforms: [],
  attributes: [
    { name: 'markOuter', size: 4, type: UNSIGNED_BYTE, normalized: true, source: 'markOuter' },
    { name: 'markInner', size: 4, type: UNSIGNED_BYTE, normalized: true, source: 'markInner' },
  ],
  glsl: /* glsl */ `
vec4 layer_marks(vec4 v_markOuter, vec4 v_markInner) {
  if (v_markOuter.a <= 0.0) return vec4(0.0);
  float depth = -context.sdf;
  float band = context.shapeSize * 0.26;
  float gap = context.shapeSize * 0.1;
  if (depth < band) return v_markOuter;
  if (depth < band + gap) return vec4(1.0);
  if (v_markInner.a > 0.0) {
    if (depth < 2.0 * band + gap) return v_markInner;
    if (depth < 2.0 * (band + gap)) return vec4(1.0);
  }
  return vec4(0.0);
}
`,
};

type NodeState = { isHovered: boolean; isHighlighted: boolean };

export function sigmaOptions() {
  return defineSigmaOptions({
    primitives: {
      nodes: {
        shapes: [sdfCircle()],
        layers: [layerFill(), marksLayer],
        variables: {
          markOuter: { type: 'color', default: 'transparent' },
          markInner: { type: 'color', default: 'transparent' },
        },
        label: { font: { family: 'system-ui, sans-serif', size: 12 }, color: LABEL_COLOR },
      },
      edges: {
        // No pathLoop: a second path kind makes every edge fragment dearer (about 2× with software WebGL) and
        // self-loops are rare in directory data; one draws as a point under its node.
        paths: [pathLine()],
        extremities: [extremityArrow({ lengthRatio: 6, widthRatio: 5 })],
        defaultHead: 'arrow',
        label: { color: '#58616d' },
      },
    },
    styles: {
      nodes: {
        x: { attribute: 'x' },
        y: { attribute: 'y' },
        size: (a: Record<string, unknown>, s: NodeState) => (a.size as number) * (s.isHovered ? 1.25 : 1),
        color: { attribute: 'color', defaultValue: '#607d8b' },
        markOuter: { attribute: 'markOuter', defaultValue: 'transparent' },
        markInner: { attribute: 'markInner', defaultValue: 'transparent' },
        label: { attribute: 'label' },
        labelColor: LABEL_COLOR,
        depth: (_a: Record<string, unknown>, s: NodeState) => (s.isHovered || s.isHighlighted ? 'topNodes' : 'nodes'),
        labelVisibility: (_a: Record<string, unknown>, s: NodeState) => (s.isHovered || s.isHighlighted ? 'visible' : 'auto'),
        backdropVisibility: (_a: Record<string, unknown>, s: NodeState) => (s.isHovered || s.isHighlighted ? 'visible' : 'hidden'),
        backdropColor: '#ffffff',
        backdropBorderColor: (_a: Record<string, unknown>, s: NodeState) => (s.isHighlighted ? '#1d5fbf' : 'transparent'),
        backdropBorderWidth: 2,
        backdropShadowColor: 'rgba(0, 0, 0, 0.35)',
        backdropShadowBlur: 10,
        backdropPadding: 4,
        cursor: 'pointer',
      },
      edges: {
        size: (_a: Record<string, unknown>, s: NodeState) => (s.isHovered || s.isHighlighted ? 2.5 : 1.5),
        color: (_a: Record<string, unknown>, s: NodeState) => (s.isHovered || s.isHighlighted ? '#1d5fbf' : EDGE_COLOR),
        head: 'arrow',
        label: { attribute: 'label' },
        labelSize: 10,
        labelColor: '#58616d',
        labelVisibility: (_a: Record<string, unknown>, s: NodeState) => (s.isHovered || s.isHighlighted ? 'visible' : 'auto'),
        depth: (_a: Record<string, unknown>, s: NodeState) => (s.isHovered || s.isHighlighted ? 'topEdges' : 'edges'),
        cursor: 'pointer',
      },
      stage: { background: '#ffffff' },
    },
    settings: {
      itemSizesReference: 'screen',
      autoRescaleContent: 'labels', // fit the labels too: the last node of a path is often the one that matters
      allowInvalidContainer: true, // the grid may not have sized the area yet; a ResizeObserver catches up
      renderEdgeLabels: true,
      enableEdgeEvents: true,
      hideEdgesOnMove: false,
      gestureTarget: 'graph', // 'shared' would inject a <style> element, which the CSP forbids
      labelRenderedSizeThreshold: 5,
      labelGridCellSize: 160, // one label per cell: fewer, readable labels on dense graphs (hover shows any)
      zoomToSizeRatioFunction: Math.sqrt,
    },
  });
}

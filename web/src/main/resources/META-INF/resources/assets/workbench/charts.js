// The workbench's charts, drawn as SVG: lines with points (PR curve, list size vs recall, sweeps),
// bars (precision at K) and the Jaccard heatmap. Labels are text nodes. Each chart comes with a
// visually hidden table of its values, so a screen reader reads the numbers, not only the title.
import { el } from '/assets/shared/dom.js';
import { svg, num } from './util.js';

/** The chart and, after it, a table of its values that only screen readers read (a fragment). */
export function withValues(chart, title, headers, rows) {
  // the hidden box is a div around the table: a table is never narrower than its cells
  const table = el('div', { class: 'visually-hidden' }, el('table', { class: 'wb-chart-values' },
    el('caption', {}, title + ': values'),
    el('thead', {}, el('tr', {}, headers.map(h => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, rows.map(row => el('tr', {}, row.map((cell, i) => i === 0
      ? el('th', { scope: 'row' }, String(cell)) : el('td', {}, String(cell))))))));
  const fragment = document.createDocumentFragment();
  fragment.append(chart, table);
  return fragment;
}

const W = 420;
const H = 240;
const PAD = { left: 48, right: 16, top: 16, bottom: 40 };

function scale(domainMin, domainMax, rangeMin, rangeMax) {
  const span = domainMax - domainMin || 1;
  return v => rangeMin + (v - domainMin) / span * (rangeMax - rangeMin);
}

function axes(xLabel, yLabel, xTicks, yTicks, sx, sy, xTickLabel = t => num(t, 2), top = PAD.top) {
  const g = svg('g', { class: 'axes' });
  g.append(svg('line', { x1: PAD.left, y1: H - PAD.bottom, x2: W - PAD.right, y2: H - PAD.bottom, class: 'axis' }));
  g.append(svg('line', { x1: PAD.left, y1: top, x2: PAD.left, y2: H - PAD.bottom, class: 'axis' }));
  for (const t of xTicks) {
    g.append(svg('text', { x: sx(t), y: H - PAD.bottom + 14, 'text-anchor': 'middle', class: 'tick' }, xTickLabel(t)));
  }
  for (const t of yTicks) {
    g.append(svg('line', { x1: PAD.left, x2: W - PAD.right, y1: sy(t), y2: sy(t), class: 'grid' }));
    g.append(svg('text', { x: PAD.left - 6, y: sy(t) + 4, 'text-anchor': 'end', class: 'tick' }, num(t, 2)));
  }
  g.append(svg('text', { x: (PAD.left + W - PAD.right) / 2, y: H - 6, 'text-anchor': 'middle', class: 'label' }, xLabel));
  g.append(svg('text', { x: 12, y: (PAD.top + H - PAD.bottom) / 2, 'text-anchor': 'middle', class: 'label',
    transform: `rotate(-90 12 ${(PAD.top + H - PAD.bottom) / 2})` }, yLabel));
  return g;
}

function ticks(min, max, count = 5) {
  if (max === min) {
    return [min];
  }
  const out = [];
  for (let i = 0; i <= count; i++) {
    out.push(min + (max - min) * i / count);
  }
  return out;
}

/**
 * A line chart. series: [{name, points: [[x, y], …], cls}]; y in 0..1 unless yMax given.
 * Returns the <svg> (each point a <circle class="point"> with a <title>) and its values table.
 */
export function lineChart({ title, xLabel, yLabel, series, yMax = 1, xMin, xMax, categories, integerX }) {
  const xs = series.flatMap(s => s.points.map(p => p[0]));
  const lo = xMin !== undefined ? xMin : (xs.length ? Math.min(...xs) : 0);
  const hi = xMax !== undefined ? xMax : (xs.length ? Math.max(...xs) : 1);
  const sx = scale(lo, hi, PAD.left, W - PAD.right);
  // several series: their legend is a row above the plot, never over the lines
  const top = series.length > 1 ? PAD.top + 16 : PAD.top;
  const sy = scale(0, yMax, H - PAD.bottom, top);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'wb-chart', role: 'img', 'aria-label': title },
    svg('title', {}, title), categories
      ? axes(xLabel, yLabel, categories.map((c, i) => i), ticks(0, yMax, 4), sx, sy, i => shorten(categories[i]), top)
      : axes(xLabel, yLabel, integerX ? [...new Set(ticks(lo, hi).map(Math.round))] : ticks(lo, hi), ticks(0, yMax, 4), sx, sy,
        undefined, top));
  series.forEach((s, i) => {
    const pts = [...s.points].sort((a, b) => a[0] - b[0]);
    if (pts.length > 1) {
      root.append(svg('polyline', { points: pts.map(p => `${sx(p[0]).toFixed(1)},${sy(p[1]).toFixed(1)}`).join(' '),
        class: 'series s' + i }));
    }
    for (const p of pts.length <= 200 ? pts : []) {
      root.append(svg('circle', { cx: sx(p[0]).toFixed(1), cy: sy(p[1]).toFixed(1), r: 3, class: 'point s' + i },
        svg('title', {}, `${s.name}: ${categories ? categories[p[0]] : num(p[0])} → ${num(p[1])}`)));
    }
  });
  if (series.length > 1) {
    series.forEach((s, i) => {
      const x = PAD.left + i * 110;
      root.append(svg('rect', { x, y: 4, width: 10, height: 10, class: 'swatch s' + i }));
      root.append(svg('text', { x: x + 14, y: 13, class: 'tick' }, s.name));
    });
  }
  const rows = series.flatMap(s => [...s.points].sort((a, b) => a[0] - b[0]).slice(0, 200)
    .map(p => [s.name, categories ? categories[p[0]] : num(p[0]), num(p[1])]));
  return withValues(root, title, ['series', xLabel, yLabel], rows);
}

/** A bar chart of [{label, value}] with values in 0..1. */
export function barChart({ title, yLabel, bars }) {
  const sy = scale(0, 1, H - PAD.bottom, PAD.top);
  const band = (W - PAD.left - PAD.right) / Math.max(1, bars.length);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'wb-chart', role: 'img', 'aria-label': title },
    svg('title', {}, title), axes('K', yLabel, [], ticks(0, 1, 4), v => v, sy));
  bars.forEach((b, i) => {
    const x = PAD.left + i * band + band * 0.2;
    const v = Math.max(0, Math.min(1, b.value || 0));
    root.append(svg('rect', { x: x.toFixed(1), y: sy(v).toFixed(1), width: (band * 0.6).toFixed(1),
      height: (H - PAD.bottom - sy(v)).toFixed(1), class: 'bar' }, svg('title', {}, `${b.label}: ${num(b.value)}`)));
    root.append(svg('text', { x: (x + band * 0.3).toFixed(1), y: H - PAD.bottom + 14, 'text-anchor': 'middle', class: 'tick' }, b.label));
    root.append(svg('text', { x: (x + band * 0.3).toFixed(1), y: (sy(v) - 4).toFixed(1), 'text-anchor': 'middle', class: 'tick' }, num(b.value, 2)));
  });
  return withValues(root, title, ['K', yLabel], bars.map(b => [b.label, num(b.value)]));
}

/** A square heatmap of labels × labels with values in 0..1 (the diagonal given as 1). */
export function heatmap({ title, labels, value }) {
  const n = labels.length;
  const cell = Math.max(28, Math.min(64, Math.floor(360 / Math.max(1, n))));
  const left = 120;
  const top = 24;
  const width = left + n * cell + 110;
  const height = top + n * cell + 90;
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'wb-heatmap', role: 'img', 'aria-label': title },
    svg('title', {}, title));
  labels.forEach((rowLabel, r) => {
    root.append(svg('text', { x: left - 6, y: top + r * cell + cell / 2 + 4, 'text-anchor': 'end', class: 'tick' }, shorten(rowLabel)));
    labels.forEach((colLabel, c) => {
      const v = r === c ? 1 : value(r, c);
      const shade = Math.round(245 - v * 190);
      root.append(svg('rect', { x: left + c * cell, y: top + r * cell, width: cell - 2, height: cell - 2,
        fill: `rgb(${shade},${Math.round(shade * 0.9 + 20)},255)`, class: 'heat-cell',
        'data-row': r, 'data-col': c }, svg('title', {}, `${rowLabel} × ${colLabel}: Jaccard ${num(v)}`)));
      root.append(svg('text', { x: left + c * cell + cell / 2 - 1, y: top + r * cell + cell / 2 + 4, 'text-anchor': 'middle',
        class: v > 0.55 ? 'heat-value dark' : 'heat-value' }, num(v, 2)));
    });
    root.append(svg('text', { x: left + r * cell + cell / 2, y: top + n * cell + 8, class: 'tick',
      transform: `rotate(40 ${left + r * cell + cell / 2} ${top + n * cell + 8})` }, shorten(rowLabel)));
  });
  return withValues(root, title, ['experiment', ...labels],
    labels.map((rowLabel, r) => [rowLabel, ...labels.map((c, j) => num(r === j ? 1 : value(r, j)))]));
}

function shorten(label) {
  const s = String(label);
  return s.length > 18 ? s.slice(0, 17) + '…' : s;
}

/** Horizontal bars of counts: [{label, value}] (a distribution's bins), the longest bar the largest count. */
export function histogram({ title, bins }) {
  const row = 20;
  const left = 150;
  const width = 420;
  const shown = bins.slice(0, 30);
  const most = Math.max(1, ...shown.map(b => b.value || 0));
  const root = svg('svg', { viewBox: `0 0 ${width} ${shown.length * row + 8}`, class: 'wb-chart wb-histogram', role: 'img', 'aria-label': title },
    svg('title', {}, title));
  shown.forEach((b, i) => {
    const y = 4 + i * row;
    const w = Math.max(1, (width - left - 60) * (b.value || 0) / most);
    root.append(svg('text', { x: left - 6, y: y + 13, 'text-anchor': 'end', class: 'tick' }, shorten(b.label)));
    root.append(svg('rect', { x: left, y: y + 2, width: w.toFixed(1), height: row - 6, class: 'bar' }, svg('title', {}, `${b.label}: ${b.value}`)));
    root.append(svg('text', { x: left + w + 4, y: y + 13, class: 'tick' }, num(b.value)));
  });
  return withValues(root, title, ['value', 'count'], bins.map(b => [b.label, num(b.value)]));
}

import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DecayCurve } from '../api';

/** The entry's forgetting curve as the service computed it, the archive threshold and "now" (uPlot). */
export function DecayChart({ curve }: { curve: DecayCurve }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = curve.points.map((p) => Date.parse(p.at) / 1000);
    const ys = curve.points.map((p) => p.effectiveImportance);
    const threshold = curve.points.map(() => curve.archiveThreshold);
    const now = Date.parse(curve.now) / 1000;
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth || 640),
        height: 260,
        scales: { y: { range: [0, Math.max(1, curve.importance)] } },
        axes: [{}, { label: 'effective importance', size: 60 }],
        series: [
          {},
          { label: 'effective importance', stroke: '#2563eb', width: 2 },
          { label: `archive threshold (${curve.archiveThreshold})`, stroke: '#dc2626', dash: [6, 4], width: 1 },
        ],
        hooks: {
          draw: [
            (u) => {
              const x = u.valToPos(now, 'x', true);
              const ctx = u.ctx;
              ctx.save();
              ctx.strokeStyle = '#6b7280';
              ctx.setLineDash([2, 3]);
              ctx.beginPath();
              ctx.moveTo(x, u.bbox.top);
              ctx.lineTo(x, u.bbox.top + u.bbox.height);
              ctx.stroke();
              ctx.fillStyle = '#374151';
              ctx.fillText('now', x + 4, u.bbox.top + 12);
              ctx.restore();
            },
          ],
        },
      },
      [xs, ys, threshold],
      el,
    );
    return () => plot.destroy();
  }, [curve]);
  return <div ref={box} class="chart" data-testid="decay-chart" />;
}

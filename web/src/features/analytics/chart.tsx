import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTranslation } from '@/lib/translation';
import { cn } from '@/lib/utils';

/** The design tokens a series may be drawn in (index.css: light, dark and high-contrast values). */
export type Tone = 'primary' | 'success' | 'info' | 'warning' | 'destructive' | 'muted';

export type ChartSeries = {
  label: string;
  values: Array<number | null>;
  tone: Tone;
  kind: 'bar' | 'line';
  /** Drawn dashed (the previous period). */
  dashed?: boolean;
  /** The series' own title of a point in the tooltip (the previous period's days). */
  pointTitles?: string[];
};

type Props = {
  /** One short label per point (the x axis). */
  labels: string[];
  /** One title per point (the tooltip's heading). */
  titles: string[];
  series: ChartSeries[];
  /** A value as the tooltip writes it (money, hours, a count). */
  formatValue: (value: number) => string;
  /** A value as the y axis writes it (compact). */
  formatAxis: (value: number) => string;
  /** Whole numbers only on the y axis (counts). */
  integers?: boolean;
  /** What the chart shows, for a screen reader (the table toggle has the numbers). */
  label: string;
  height?: number;
  testId?: string;
};

const TOKEN: Record<Tone, string> = {
  primary: '--primary',
  success: '--success',
  info: '--info',
  warning: '--warning',
  destructive: '--destructive',
  muted: '--muted-foreground',
};

/** A CSS colour (oklch from the tokens, or any other) with an alpha. */
function withAlpha(color: string, alpha: number): string {
  const match = /^(oklch|rgb|hsl|lab|lch|oklab)\((.*)\)$/.exec(color);
  if (!match || match[2].includes('/')) return color;
  return `${match[1]}(${match[2]} / ${alpha})`;
}

type Palette = { text: string; grid: string; font: string; tone: (tone: Tone) => string };

/** The tokens' current values where the chart is (its theme: light, dark, high contrast). */
function readPalette(element: HTMLElement): Palette {
  const style = getComputedStyle(element);
  const token = (name: string) => style.getPropertyValue(name).trim() || '#888';
  return {
    text: token('--muted-foreground'),
    grid: token('--border'),
    font: `12px ${style.fontFamily}`,
    tone: (tone) => token(TOKEN[tone]),
  };
}

/** Ticks for categorical points: every point while their labels fit, else every n-th. */
function categorySplits(count: number, width: number, labelWidth: number): number[] {
  const fit = Math.max(1, Math.floor(width / labelWidth));
  const step = Math.max(1, Math.ceil(count / fit));
  const splits: number[] = [];
  for (let i = 0; i < count; i += step) splits.push(i);
  return splits;
}

/** uPlot (about 20 kB gzip) loads with the first chart drawn, not with the page: the page's figures and tables come first. */
type UPlot = typeof uPlot;
let uPlotLoading: Promise<UPlot> | undefined;
const loadUPlot = () => (uPlotLoading ??= import('uplot').then((m) => m.default));

function buildOptions(
  UPlot: UPlot,
  props: Props,
  palette: Palette,
  width: number,
  rtl: boolean,
  onCursor: (u: uPlot) => void,
): uPlot.Options {
  const { labels, series, formatAxis, integers, height = 240 } = props;
  const count = labels.length;
  const measure = document.createElement('canvas').getContext('2d');
  if (measure) measure.font = palette.font;
  const textWidth = (text: string) => (measure ? measure.measureText(text).width : text.length * 7);
  const longestLabel = Math.max(24, ...labels.map(textWidth));
  const bars = series.filter((s) => s.kind === 'bar');
  const barShare = bars.length > 0 ? Math.min(0.7 / bars.length, 0.6) : 0;
  return {
    width,
    height,
    legend: { show: false },
    padding: [12, 8, 0, 8],
    cursor: {
      drag: { x: false, y: false, setScale: false },
      y: false,
      // A hover dot on lines only: a bar is its own mark.
      points: {
        size: (_u, index) => (series[index - 1]?.kind === 'line' ? 7 : 0),
        width: (_u, index) => (series[index - 1]?.kind === 'line' ? 2 : 0),
      },
    },
    scales: {
      x: { time: false, dir: rtl ? -1 : 1, range: () => [-0.5, Math.max(0.5, count - 0.5)] },
      y: {
        range: (_u, _min, max) => {
          const top = Number.isFinite(max) && max > 0 ? max * 1.12 : 1;
          return [0, integers ? Math.max(1, Math.ceil(top)) : top];
        },
      },
    },
    axes: [
      {
        stroke: palette.text,
        font: palette.font,
        grid: { show: false },
        ticks: { show: true, stroke: palette.grid, width: 1, size: 4 },
        gap: 4,
        size: 28,
        splits: (u) => categorySplits(count, u.bbox.width / UPlot.pxRatio, longestLabel + 12),
        values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
      },
      {
        side: rtl ? 1 : 3,
        stroke: palette.text,
        font: palette.font,
        grid: { stroke: palette.grid, width: 1 },
        ticks: { show: false },
        gap: 6,
        incrs: integers ? [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000] : undefined,
        values: (_u, splits) => splits.map((v) => formatAxis(v)),
        size: (_u, values) => Math.ceil(Math.max(24, ...(values ?? []).map((v) => textWidth(String(v))))) + 14,
      },
    ],
    series: [
      {},
      ...series.map((s): uPlot.Series => {
        const color = palette.tone(s.tone);
        if (s.kind === 'bar') {
          const position = bars.indexOf(s);
          const align = bars.length === 1 ? 0 : position === 0 ? -1 : 1;
          return {
            label: s.label,
            stroke: color,
            fill: withAlpha(color, 0.82),
            width: 0,
            paths: UPlot.paths.bars!({ size: [barShare, 44, 2], align, gap: 1 }),
            points: { show: false },
          };
        }
        return {
          label: s.label,
          stroke: s.dashed ? withAlpha(color, 0.9) : color,
          width: 2,
          dash: s.dashed ? [6, 4] : undefined,
          points: { show: count <= 31, size: 5, fill: color, stroke: color },
          spanGaps: false,
        };
      }),
    ],
    hooks: { setCursor: [onCursor] },
  };
}

type Hover = { index: number; left: number; top: number; flip: boolean };

/**
 * A uPlot chart of categorical points (intervals of a period, technicians): bars and lines in the
 * design tokens' colours, sized to its container, drawn again when the theme or the language
 * changes; right to left in Arabic (the x scale reversed, the value axis on the right). Hover,
 * a tap or the arrow keys show a point's tooltip. Drawn in the browser only: the server's page
 * has the empty frame of the same height.
 */
export function Chart(props: Props) {
  const { labels, titles, series, formatValue, label, height = 240, testId } = props;
  const { i18n } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const [theme, setTheme] = useState(0);
  const rtl = i18n.language === 'ar';
  // The chart is made again only when what it draws changes.
  const signature = JSON.stringify([labels, series, height, i18n.language, theme]);

  useEffect(() => {
    const observer = new MutationObserver(() => setTheme((n) => n + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'dir'] });
    return () => observer.disconnect();
  }, []);

  /** Draws the chart into `element`; answers what takes it down again. */
  function draw(UPlot: UPlot, element: HTMLDivElement) {
    const palette = readPalette(element);
    const onCursor = (u: uPlot) => {
      const index = u.cursor.idx;
      const outer = frame.current;
      if (index === null || index === undefined || !outer || (u.cursor.left ?? -1) < 0) {
        setHover(null);
        return;
      }
      const over = u.over.getBoundingClientRect();
      const box = outer.getBoundingClientRect();
      const left = over.left - box.left + u.valToPos(index, 'x');
      // The tooltip goes to the side of the point with more room.
      setHover({ index, left, top: over.top - box.top + (u.cursor.top ?? 0), flip: left > box.width / 2 });
    };
    const u = new UPlot(
      buildOptions(UPlot, props, palette, Math.max(element.clientWidth, 120), rtl, onCursor),
      [labels.map((_, i) => i), ...series.map((s) => s.values)] as uPlot.AlignedData,
      element,
    );
    plot.current = u;
    // What the chart was drawn for (the theme's classes), for whoever waits for a redraw.
    element.dataset.drawnFor = document.documentElement.className;
    const line = u.root.querySelector<HTMLElement>('.u-cursor-x');
    if (line) line.style.borderRightColor = palette.text;
    // A tap shows its point (a phone sends no hover).
    const onTouch = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      const box = u.over.getBoundingClientRect();
      u.setCursor({ left: event.clientX - box.left, top: event.clientY - box.top });
    };
    u.over.addEventListener('pointerdown', onTouch);
    const resize = new ResizeObserver(() => {
      const width = Math.max(element.clientWidth, 120);
      if (width !== u.width) u.setSize({ width, height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      u.over.removeEventListener('pointerdown', onTouch);
      u.destroy();
      plot.current = null;
      setHover(null);
    };
  }
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void loadUPlot().then((UPlot) => {
      if (!cancelled) stop = draw(UPlot, element);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
    // `signature` stands for what is drawn: labels, series, height, language (direction, number formats) and theme.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  /** Arrow keys step through the points (right to left in Arabic), Escape hides the tooltip. */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const u = plot.current;
    if (!u || labels.length === 0) return;
    if (event.key === 'Escape') {
      u.setCursor({ left: -10, top: -10 });
      return;
    }
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -Infinity, End: Infinity }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const forward = rtl && Number.isFinite(step) ? -step : step;
    const current = hover?.index ?? (forward > 0 ? -1 : labels.length);
    const next = Math.min(labels.length - 1, Math.max(0, current + forward));
    u.setCursor({ left: u.valToPos(next, 'x'), top: u.over.clientHeight / 3 });
  };

  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <div
        ref={frame}
        className="relative rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        role="img"
        aria-label={label}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => plot.current?.setCursor({ left: -10, top: -10 })}
        data-chart-direction={rtl ? 'rtl' : 'ltr'}
      >
        <div ref={holder} style={{ height }} className="w-full overflow-hidden" data-testid={testId && `${testId}-canvas`} />
        {hover && (
          <div
            role="tooltip"
            className="pointer-events-none absolute z-10 min-w-40 max-w-64 rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-pop"
            style={{
              left: hover.left,
              top: Math.max(0, Math.min(hover.top, height - 80)),
              transform: `translate(${hover.flip ? 'calc(-100% - 12px)' : '12px'}, -50%)`,
            }}
            data-testid="chart-tooltip"
          >
            <p className="mb-1 font-semibold">{titles[hover.index]}</p>
            <ul className="flex flex-col gap-0.5">
              {series.map((s) => {
                const value = s.values[hover.index];
                return (
                  <li key={s.label} className="flex items-center justify-between gap-3">
                    <span className="flex items-center gap-1.5">
                      <Swatch series={s} />
                      <span>{s.pointTitles?.[hover.index] ? `${s.label} (${s.pointTitles[hover.index]})` : s.label}</span>
                    </span>
                    <span className="font-medium tabular-nums">{value === null || value === undefined ? '—' : formatValue(value)}</span>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" data-testid={testId && `${testId}-legend`}>
        {series.map((s) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <Swatch series={s} />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

const SWATCH: Record<Tone, string> = {
  primary: 'bg-primary border-primary',
  success: 'bg-success border-success',
  info: 'bg-info border-info',
  warning: 'bg-warning border-warning',
  destructive: 'bg-destructive border-destructive',
  muted: 'bg-muted-foreground border-muted-foreground',
};

/** A series' key: a square for bars, a line (dashed for the previous period) for lines. */
function Swatch({ series }: { series: ChartSeries }) {
  if (series.kind === 'bar')
    return <span aria-hidden className={cn('inline-block size-2.5 shrink-0 rounded-sm border', SWATCH[series.tone])} />;
  return (
    <span
      aria-hidden
      className={cn(
        'inline-block w-4 shrink-0 border-t-2',
        SWATCH[series.tone].split(' ')[1],
        series.dashed ? 'border-dashed' : 'border-solid',
      )}
    />
  );
}

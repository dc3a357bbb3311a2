/**
 * A small metrics registry written out in the Prometheus text exposition format 0.0.4
 * (prometheus.io "Exposition formats"): counters, gauges and histograms with labels. No
 * dependency: the format is a few lines, and recording must stay one map lookup and a few
 * additions (checkout runs ~1,500 requests a second).
 *
 * A series is found by its label values joined with a separator no value holds in practice
 * (\u0001); the caller passes the values in the order the metric declared its label names.
 */

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type MetricType = 'counter' | 'gauge' | 'histogram';

const SEPARATOR = '\u0001';

/** A label value as the format wants it: backslash, double quote and line feed escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/** HELP text escapes backslash and line feed only. */
function escapeHelp(text: string): string {
  return text.replace(/[\\\n]/g, (c) => (c === '\n' ? '\\n' : '\\\\'));
}

/** A sample value: integers as they are, +Inf/-Inf/NaN spelled the way the format does. */
function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function labelText(names: readonly string[], values: readonly string[], extra = ''): string {
  const parts = names.map((name, i) => `${name}="${escapeLabelValue(values[i] ?? '')}"`);
  if (extra) parts.push(extra);
  return parts.length ? `{${parts.join(',')}}` : '';
}

abstract class Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {
    if (!/^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(name)) throw new Error(`Bad metric name ${name}`);
  }
  abstract readonly type: MetricType;
  protected abstract samples(): string[];

  render(): string {
    const head = `# HELP ${this.name} ${escapeHelp(this.help)}\n# TYPE ${this.name} ${this.type}\n`;
    const lines = this.samples();
    return head + (lines.length ? `${lines.join('\n')}\n` : '');
  }
}

/** A value per label set that only goes up. */
export class Counter extends Metric {
  readonly type = 'counter';
  private readonly values = new Map<string, { labels: string[]; value: number }>();

  inc(labels: readonly string[] = [], by = 1): void {
    this.series(labels).value += by;
  }

  /** One series itself, made at 0 when new: a hot path keeps it and adds to `value`. */
  series(labels: readonly string[]): { value: number } {
    const key = labels.join(SEPARATOR);
    let series = this.values.get(key);
    if (!series) {
      series = { labels: [...labels], value: 0 };
      this.values.set(key, series);
    }
    return series;
  }

  /** The current value of one series (0 when it never moved). */
  get(labels: readonly string[] = []): number {
    return this.values.get(labels.join(SEPARATOR))?.value ?? 0;
  }

  protected samples(): string[] {
    return [...this.values.values()].map(
      ({ labels, value }) => `${this.name}${labelText(this.labelNames, labels)} ${value}`,
    );
  }
}

/** A value per label set that is set as a whole, usually just before a scrape. */
export class Gauge extends Metric {
  readonly type = 'gauge';
  private values = new Map<string, { labels: string[]; value: number }>();

  set(labels: readonly string[], value: number): void {
    this.values.set(labels.join(SEPARATOR), { labels: [...labels], value });
  }

  /** Forget every series (before setting this scrape's, so a vanished one is not kept). */
  clear(): void {
    this.values = new Map();
  }

  protected samples(): string[] {
    return [...this.values.values()].map(
      ({ labels, value }) =>
        `${this.name}${labelText(this.labelNames, labels)} ${formatValue(value)}`,
    );
  }
}

interface HistogramSeries {
  labels: string[];
  /** Observations per bucket (not cumulative; the last is above the largest bound). */
  counts: number[];
  sum: number;
  count: number;
}

/** Observations counted into fixed buckets, with their sum and count, per label set. */
export class Histogram extends Metric {
  readonly type = 'histogram';
  private readonly series = new Map<string, HistogramSeries>();

  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    readonly buckets: readonly number[],
  ) {
    super(name, help, labelNames);
    if (labelNames.includes('le')) throw new Error('A histogram label may not be named le');
  }

  observe(labels: readonly string[], value: number): void {
    this.observer(labels)(value);
  }

  /** One series' observe, for a hot path to keep. */
  observer(labels: readonly string[]): (value: number) => void {
    const key = labels.join(SEPARATOR);
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: [...labels],
        counts: Array.from({ length: this.buckets.length + 1 }, () => 0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    const found = series;
    return (value) => this.record(found, value);
  }

  private record(series: HistogramSeries, value: number): void {
    let index = 0;
    while (index < this.buckets.length && value > this.buckets[index]!) index += 1;
    series.counts[index]! += 1;
    series.sum += value;
    series.count += 1;
  }

  protected samples(): string[] {
    const lines: string[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += counts[i]!;
        const le = `le="${formatValue(bound)}"`;
        lines.push(`${this.name}_bucket${labelText(this.labelNames, labels, le)} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket${labelText(this.labelNames, labels, 'le="+Inf"')} ${count}`);
      lines.push(`${this.name}_sum${labelText(this.labelNames, labels)} ${formatValue(sum)}`);
      lines.push(`${this.name}_count${labelText(this.labelNames, labels)} ${count}`);
    }
    return lines;
  }
}

/** The metrics of one app, written out in the order they were made. */
export class MetricsRegistry {
  private readonly metrics: Metric[] = [];

  private add<T extends Metric>(metric: T): T {
    if (this.metrics.some((m) => m.name === metric.name)) {
      throw new Error(`Metric ${metric.name} is already registered`);
    }
    this.metrics.push(metric);
    return metric;
  }

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.add(new Counter(name, help, labelNames));
  }

  gauge(name: string, help: string, labelNames: readonly string[] = []): Gauge {
    return this.add(new Gauge(name, help, labelNames));
  }

  histogram(
    name: string,
    help: string,
    labelNames: readonly string[],
    buckets: readonly number[],
  ): Histogram {
    return this.add(new Histogram(name, help, labelNames, buckets));
  }

  render(): string {
    return this.metrics.map((metric) => metric.render()).join('');
  }
}

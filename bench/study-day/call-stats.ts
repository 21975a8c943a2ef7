/** Latency and outcome of every call of the study day, by call name (issue 27). */

export interface CallFigures {
  readonly call: string;
  readonly count: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  /** Outcome → count, for everything that was not a 200: HTTP statuses, `no answer`, `reset`, `timeout`. */
  readonly errors: Record<string, number>;
}

export interface Outcome {
  readonly at: number;
  readonly ok: boolean;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
}

export class CallStats {
  private readonly latencies = new Map<string, number[]>();
  private readonly errors = new Map<string, Map<string, number>>();
  /** Every call's end time and whether it succeeded, in order: the fault windows are read from it. */
  readonly outcomes: Outcome[] = [];

  record(call: string, ms: number, outcome: string): void {
    const list = this.latencies.get(call) ?? [];
    list.push(ms);
    this.latencies.set(call, list);
    const ok = outcome === '200';
    this.outcomes.push({ at: Date.now(), ok });
    if (ok) return;
    const byOutcome = this.errors.get(call) ?? new Map<string, number>();
    byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
    this.errors.set(call, byOutcome);
  }

  figures(): CallFigures[] {
    return [...this.latencies].map(([call, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return {
        call,
        count: list.length,
        p50Ms: percentile(sorted, 50),
        p95Ms: percentile(sorted, 95),
        p99Ms: percentile(sorted, 99),
        errors: Object.fromEntries(this.errors.get(call) ?? []),
      };
    }).sort((a, b) => b.count - a.count);
  }

  /** Failures in [from, to) and the time from the first of them to the first success after the last. */
  heal(from: number, to: number): { failures: number; healMs: number } {
    const window = this.outcomes.filter((o) => o.at >= from && o.at < to);
    const failed = window.filter((o) => !o.ok);
    const first = failed[0];
    const last = failed.at(-1);
    if (!first || !last) return { failures: 0, healMs: 0 };
    const back = this.outcomes.find((o) => o.ok && o.at > last.at);
    return { failures: failed.length, healMs: back ? back.at - first.at : -1 };
  }
}

/** Collects the app's JSON log lines in memory so tests can read what would be written. */
import type { LogStream } from '../http/logging';

export type LogLine = Record<string, unknown>;

export class LogCapture implements LogStream {
  readonly raw: string[] = [];
  private readonly waiters: { predicate: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];

  write(message: string): void {
    this.raw.push(message);
    const line = JSON.parse(message) as LogLine;
    for (const waiter of [...this.waiters]) {
      if (waiter.predicate(line)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  }

  get lines(): LogLine[] {
    return this.raw.map((message) => JSON.parse(message) as LogLine);
  }

  get text(): string {
    return this.raw.join('');
  }

  /**
   * The first line matching, now or when it is written. Fastify logs a request after the
   * answer is sent, so a test awaits the line instead of sleeping.
   */
  waitFor(predicate: (line: LogLine) => boolean): Promise<LogLine> {
    const found = this.lines.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ predicate, resolve }));
  }
}

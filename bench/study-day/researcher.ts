/**
 * The researcher of the study day (issue 27): logged in through the balancer, watches /Data
 * (the participants table with its quality flags, the funnel, a plot) every few seconds, and
 * exports the data as CSV when told, timing each export from the request to the finished file.
 * A failed call is simply made again at the next look, as the page would.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { account, delphi, delphiPlots } from '@chi/contract';
import { clientPasswordHash } from '../../e2e/support/api-client';
import type { Browser } from './http-client';

export interface ExportTiming {
  readonly requestedAtS: number;
  readonly seconds: number;
  readonly status: string;
}

export class Researcher {
  readonly exports: ExportTiming[] = [];
  private stopped = false;

  constructor(private readonly browser: Browser, private readonly startedAt: number) {}

  async login(email: string, password: string): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const answer = await this.browser.call(account.login, { _email: email, password: clientPasswordHash(password) }, undefined, 'app.chi.localhost').catch(() => undefined);
      if (answer?.status === 200) return;
      await sleep(500);
    }
    throw new Error('the researcher could not log in');
  }

  /** Looks at /Data every `everyMs` until stopped. */
  async watch(everyMs: number): Promise<void> {
    while (!this.stopped) {
      await Promise.all([
        this.browser.call(delphi.listParticipants, { offset: 0, pageSize: 50, filter: '' }).catch(() => undefined),
        this.browser.call(delphi.getFunnel, {}).catch(() => undefined),
        this.browser.call(delphiPlots.plotResponseTimes, { gameName: 'FlashMatch' }).catch(() => undefined),
      ]);
      await sleep(everyMs);
    }
  }

  /** Requests a CSV export and waits until its file is done (or failed), retrying what fails. */
  async exportCsv(): Promise<void> {
    const requested = Date.now();
    let id: string | undefined;
    while (id === undefined && !this.stopped) {
      const answer = await this.browser.call(delphi.generateFile, { format: 'csv' }).catch(() => undefined);
      if (answer?.status === 200) id = (JSON.parse(answer.text) as { file: delphi.ExportFile }).file._id;
      else await sleep(1_000);
    }
    let status = 'stopped';
    while (!this.stopped) {
      const answer = await this.browser.call(delphi.listFiles, {}).catch(() => undefined);
      const file = answer?.status === 200 ? (JSON.parse(answer.text) as { files: delphi.ExportFile[] }).files.find((f) => f._id === id) : undefined;
      if (file && (file.status === 'done' || file.status === 'failed')) {
        status = file.status;
        break;
      }
      await sleep(500);
    }
    this.exports.push({ requestedAtS: Math.round((requested - this.startedAt) / 1000), seconds: (Date.now() - requested) / 1000, status });
  }

  stop(): void {
    this.stopped = true;
  }
}

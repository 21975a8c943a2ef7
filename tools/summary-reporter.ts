/**
 * Prints one closing line per Vitest run, `Tests: N passed, N failed`, in the plain form CI
 * reads, so a run that executed no test can never pass for a green one.
 */
import type { Reporter, TestModule } from 'vitest/node';

export class SummaryReporter implements Reporter {
  constructor(private readonly label: string) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const skippedPart = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`\n${this.label}: ${passed} passed, ${failed} failed${skippedPart}\n`);
  }
}

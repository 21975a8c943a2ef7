/**
 * Runs npm scripts side by side and fails when any fails: `npm test` type-checks and lints at
 * the same time (both are single-threaded, the CI machine has two cores). Each script's output
 * is buffered and printed whole when it ends, so the two never interleave line by line.
 *
 * Usage: node --import tsx tools/run-parallel.ts typecheck lint
 */
import { spawn } from 'node:child_process';

interface Outcome {
  script: string;
  code: number;
  seconds: number;
}

function run(script: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n== npm run ${script} (${seconds} s)\n${Buffer.concat(chunks).toString()}`);
      resolve({ script, code: code ?? (signal ? 1 : 0), seconds });
    });
    child.on('error', (error) => {
      process.stdout.write(`\n== npm run ${script}: ${error.message}\n`);
      resolve({ script, code: 1, seconds: 0 });
    });
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  process.stderr.write('usage: run-parallel <npm script>...\n');
  process.exit(2);
}
const outcomes = await Promise.all(scripts.map(run));
const failed = outcomes.filter((outcome) => outcome.code !== 0);
for (const outcome of outcomes) process.stdout.write(`${outcome.script}: ${outcome.code === 0 ? 'passed' : `failed (exit ${outcome.code})`}\n`);
process.exit(failed.length > 0 ? 1 : 0);

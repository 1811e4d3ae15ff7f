import { Presets, SingleBar } from 'cli-progress';
import type { CliIO } from './command';

/**
 * Progress of long work on stderr (stdout stays for results): a bar in a terminal, otherwise one line per tenth
 * of the work so CI logs show it moving without flooding.
 */

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

function startProgress(io: CliIO, label: string): Progress {
  if (io.stderr.isTTY) {
    const bar = new SingleBar(
      { stream: io.stderr as NodeJS.WritableStream, format: `${label} [{bar}] {percentage}% | {value}/{total} | ETA {eta_formatted}`, hideCursor: true },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total) {
        if (!started) bar.start(total, 0);
        started = true;
        bar.update(done);
      },
      stop: () => {
        if (started) bar.stop();
      },
    };
  }
  let lastTenth = -1;
  return {
    update(done, total) {
      const tenth = total === 0 ? 10 : Math.floor((done * 10) / total);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      io.stderr.write(`${label}: ${done}/${total} (${Math.floor((done * 100) / Math.max(total, 1))}%)\n`);
    },
    stop: () => undefined,
  };
}

/** Runs `work` with a progress reporter, stopping the bar whatever happens. */
export async function withProgress<T>(io: CliIO, label: string, work: (progress: Progress) => Promise<T>): Promise<T> {
  const progress = startProgress(io, label);
  try {
    return await work(progress);
  } finally {
    progress.stop();
  }
}

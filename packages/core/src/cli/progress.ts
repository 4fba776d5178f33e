/** Rows below which a progress bar is not worth drawing. */
export const PROGRESS_THRESHOLD = 200_000;

/** A one-line progress bar on stderr (rows, rate, time left), redrawn at most ten times a second. */
export class ProgressBar {
  private lastDraw = 0;
  private readonly started = Date.now();
  private note = '';

  constructor(
    private readonly total: number,
    private readonly stream: NodeJS.WriteStream,
  ) {}

  /** A word after the figures (e.g. "queued", "assembling"); drawn at the next update. */
  status(note: string): void {
    this.note = note;
    this.lastDraw = 0;
  }

  update(done: number): void {
    const now = Date.now();
    if (now - this.lastDraw < 100 && done < this.total) return;
    this.lastDraw = now;
    const share = this.total === 0 ? 1 : done / this.total;
    const width = Math.max(10, Math.min(40, (this.stream.columns ?? 80) - 64));
    const filled = Math.round(share * width);
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    const left = rate > 0 && done < this.total ? `, ${formatSeconds((this.total - done) / rate)} left` : '';
    this.stream.write(
      `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}% ` +
        `${done.toLocaleString('en-US')}/${this.total.toLocaleString('en-US')} rows, ${rate.toLocaleString('en-US')} rows/s${left}${this.note ? ` ${this.note}` : ''}\x1b[K`,
    );
  }

  finish(): void {
    this.stream.write('\n');
  }
}

/** 75 -> "1m15s", 4000 -> "1h06m": short enough for one line. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

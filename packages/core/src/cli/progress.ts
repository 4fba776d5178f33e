/** A one-line progress bar on stderr, redrawn at most ten times a second. */
export class ProgressBar {
  private lastDraw = 0;
  private readonly started = Date.now();

  constructor(
    private readonly total: number,
    private readonly stream: NodeJS.WriteStream,
  ) {}

  update(done: number): void {
    const now = Date.now();
    if (now - this.lastDraw < 100 && done < this.total) return;
    this.lastDraw = now;
    const share = this.total === 0 ? 1 : done / this.total;
    const width = Math.max(10, Math.min(40, (this.stream.columns ?? 80) - 50));
    const filled = Math.round(share * width);
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    this.stream.write(
      `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}% ` +
        `${done.toLocaleString('en-US')}/${this.total.toLocaleString('en-US')} rows, ${rate.toLocaleString('en-US')} rows/s`,
    );
  }

  finish(): void {
    this.stream.write('\n');
  }
}

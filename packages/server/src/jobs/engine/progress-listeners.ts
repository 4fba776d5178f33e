/** The listeners of a runner's onProgress: one listener's exception never stops the others or the job. */
import type { JobProgress } from '../job-contract.js';

export class ProgressListeners {
  private readonly listeners: ((progress: JobProgress) => void)[] = [];

  add(listener: (progress: JobProgress) => void): void {
    this.listeners.push(listener);
  }

  emit(progress: JobProgress): void {
    for (const listener of this.listeners) {
      try {
        listener(progress);
      } catch (error) {
        process.emitWarning(`a job progress listener failed: ${(error as Error).message}`);
      }
    }
  }
}

/**
 * `@rowloom/core/cli-kit`: the parts of `rowloom generate` another package's command reuses
 * (the server's `generate --distributed`): the same argument parser, input reader, progress bar,
 * output file and exit statuses, so the two paths cannot drift apart.
 */
export { EXIT, IoError, UsageError, parseGenerateArgs, type GenerateCommand } from './args.js';
export { readGenerateInput, writerSettings, DEFAULT_COUNT, type GenerateInput } from './generate-input.js';
export { openOutput, reportFailure, systemReason } from './outcome.js';
export { ProgressBar, PROGRESS_THRESHOLD } from './progress.js';
export { SEEDED_REFERENCE_TIME } from '../engine/reference-time.js';

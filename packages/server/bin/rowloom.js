#!/usr/bin/env node
// The `rowloom` command: `users`, `worker`, `import`, `seed`, `mock` and `generate --distributed` are the service's; everything else is the engine's command line.
const args = process.argv.slice(3);
if (process.argv[2] === 'generate' && args.includes('--distributed') && !args.includes('--help')) {
  const { distributedGenerate } = await import('../dist/cli/distributed-generate.js');
  process.exitCode = await distributedGenerate(args);
} else if (process.argv[2] === 'worker') {
  const { workerCommand } = await import('../dist/cli/worker-command.js');
  try {
    process.exitCode = await workerCommand(process.argv.slice(3));
  } catch (error) {
    process.stderr.write(`rowloom: ${error.message}\n`);
    process.exitCode = 2;
  }
} else if (process.argv[2] === 'users') {
  const { usersCommand } = await import('../dist/cli/users-command.js');
  try {
    process.exitCode = await usersCommand(process.argv.slice(3));
  } catch (error) {
    process.stderr.write(`rowloom: ${error.message}\n`);
    process.exitCode = 2;
  }
} else if (process.argv[2] === 'seed') {
  const { seedCommand } = await import('../dist/cli/seed-command.js');
  process.exitCode = await seedCommand(process.argv.slice(3));
} else if (process.argv[2] === 'mock') {
  const { mockCommand } = await import('../dist/cli/mock-serve/mock-serve-command.js');
  process.exitCode = await mockCommand(process.argv.slice(3));
} else if (process.argv[2] === 'import') {
  const { importCommand } = await import('../dist/cli/import-command.js');
  process.exitCode = await importCommand(process.argv.slice(3));
} else {
  await import('@rowloom/core/cli');
}

#!/usr/bin/env node
// The `rowloom` command: `users` is the service's; everything else is the engine's command line.
if (process.argv[2] === 'users') {
  const { usersCommand } = await import('../dist/cli/users-command.js');
  try {
    process.exitCode = await usersCommand(process.argv.slice(3));
  } catch (error) {
    process.stderr.write(`rowloom: ${error.message}\n`);
    process.exitCode = 2;
  }
} else {
  await import('@rowloom/core/cli');
}

#!/usr/bin/env node
// Thin launcher so the `rowloom` command works from a fresh install once the TypeScript is built.
import '../dist/cli/main.js';

#!/usr/bin/env node
import { runCli } from './cli/program';

/** Entry of the `wp-calendar` command-line tool: the only CLI module that touches the process. */
void runCli(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});

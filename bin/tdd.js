#!/usr/bin/env node
// The only bin, published as both `tdd` and `tdd-hooks`. Everything lives in dist/cli/main.js.
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));

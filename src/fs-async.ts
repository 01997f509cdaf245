/**
 * node:fs/promises' functions that the test-run path uses, on node:fs's callbacks: importing
 * node:fs/promises loads it and, through it, readline (~17 M instructions, ~4 ms a verification),
 * where node:fs is loaded at every start. Same arguments and results (realpath is the native one,
 * as fs/promises' is).
 */
import { access as accessCb, copyFile as copyFileCb, mkdir as mkdirCb, mkdtemp as mkdtempCb, readdir as readdirCb } from 'node:fs';
import { readFile as readFileCb, realpath as realpathCb, rm as rmCb, writeFile as writeFileCb } from 'node:fs';
import { promisify } from 'node:util';

type Promises = typeof import('node:fs/promises');

export const access = promisify(accessCb) as Promises['access'];
export const copyFile = promisify(copyFileCb) as Promises['copyFile'];
export const mkdir = promisify(mkdirCb) as Promises['mkdir'];
export const mkdtemp = promisify(mkdtempCb) as Promises['mkdtemp'];
export const readdir = promisify(readdirCb) as Promises['readdir'];
export const readFile = promisify(readFileCb) as Promises['readFile'];
export const realpath = promisify(realpathCb.native) as Promises['realpath'];
export const rm = promisify(rmCb) as Promises['rm'];
export const writeFile = promisify(writeFileCb) as Promises['writeFile'];

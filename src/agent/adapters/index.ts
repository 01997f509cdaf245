/** The agents the guard speaks to, by name: one module each (its payload in, its decision out). */
import type { AgentAdapter, AgentName } from '../types.js';
import { claude } from './claude.js';
import { augment, factory, kiro, qwen } from './claude-like.js';
import { cline } from './cline.js';
import { codex } from './codex.js';
import { copilot } from './copilot.js';
import { cursor } from './cursor.js';
import { gemini } from './gemini.js';
import { opencode } from './opencode.js';
import { windsurf } from './windsurf.js';

export const ADAPTERS: Record<AgentName, AgentAdapter> = { claude, codex, gemini, cursor, copilot, windsurf, cline, qwen, factory, augment, opencode, kiro };

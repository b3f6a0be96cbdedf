#!/usr/bin/env node
// `npm run dev`: the API (tsx watch, restarts on change) on PORT (3000) and the Vite dev server with HMR on 5173,
// which proxies /api to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn('npm', ['run', 'dev', '-w', 'server'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort } }),
  spawn('npm', ['run', 'dev', '-w', 'web'], {
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: process.env.API_ORIGIN ?? `http://127.0.0.1:${apiPort}` },
  }),
];

const stopAll = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

// `npm run dev`: the server (restarting on change) and Vite with hot reload, together.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT ?? '3001';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
      NODE_ENV: 'development',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@div/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_API_TARGET: `http://localhost:${apiPort}`, VITE_PORT: '5173' },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });

// `npm run dev`: the API server (restarted on change) and Vite (hot reload, proxying /api).
import './require-node.mjs';
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@samvad/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@samvad/web'], { stdio: 'inherit' }),
];
const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const child of children) {
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 1;
  });
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

// Browser tests need Debian's Chromium and CJK fonts (Chinese renders as boxes without them).
// Sessions and CI run as root, so a missing browser is installed here rather than failing.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const has = (pkg) => {
  try {
    execSync(`dpkg -s ${pkg}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

export function ensureChromium() {
  const missing = ['chromium', 'fonts-noto-cjk'].filter((p) => !has(p));
  if (missing.length === 0 && fs.existsSync('/usr/bin/chromium')) return;
  console.log(`Installing ${missing.join(' ')} for the browser tests…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    {
      stdio: 'inherit',
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();

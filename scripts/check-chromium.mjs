// Browser tests need Debian's Chromium. Say so clearly when it is missing; never skip silently.
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium.mjs';

if (!existsSync(chromiumPath)) {
  console.error(
    `\nChromium was not found at ${chromiumPath}; the browser tests need it.\n` +
      "Install it from Debian's packages:\n\n    sudo apt-get update && sudo apt-get install -y chromium\n\n" +
      'or point CHROMIUM_PATH at another Chromium binary.\n',
  );
  process.exit(1);
}

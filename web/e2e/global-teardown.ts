import { existsSync, readFileSync } from 'node:fs';
import { emailAddress, serverLogFile } from './operations';

// After every browser test: the server's log (its standard error, written
// to a file by playwright.config.ts) must name no e-mail address. The
// tests sign up, log in, confirm, reset passwords, invite judges and
// write to the outbox with their own addresses; none of them may reach
// the log. It runs while the server still runs (Playwright stops the
// web server after the global teardown), so the log may still grow: what
// is checked is every line written by the tests.
export default function globalTeardown(): void {
  const file = serverLogFile();
  if (!existsSync(file)) {
    throw new Error(`the test server wrote no log at ${file}`);
  }
  const log = readFileSync(file, 'utf8');
  // The server's start line is logged at info: without it, the file is
  // not the server's log at the level the check needs.
  if (!log.includes('marquee serving')) {
    throw new Error(`${file} is not the test server's log at info (no 'marquee serving' line)`);
  }
  const requests = log.split('\n').filter((l) => l.includes('msg=request') && /request_id=\S+/.test(l));
  const email = new RegExp(emailAddress.source);
  const leaks = log.split('\n').filter((l) => email.test(l));
  if (leaks.length > 0) {
    throw new Error(
      `${leaks.length} line(s) of the server's log name an e-mail address (personal data must stay out of logs), e.g.:\n` +
        leaks.slice(0, 5).join('\n'),
    );
  }
  console.log(`server log: ${requests.length} request lines, no e-mail address (${file})`);
}

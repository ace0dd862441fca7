// Starts the local HubSpot (tests/hubspot-emulator) on a fixed port for trying HubSpot by hand:
// `npm run emulator:hubspot`. The e2e tests start their own on a free port; this one stays up until Ctrl+C.
// PORT picks another port; TIER=professional gives the 190-per-10-s limit.
import { serveUntilSignal } from '../tests/support/serve-until-signal';
import { HUBSPOT_PATHS } from '@/lib/crm/hubspot/paths';
import { startHubSpotServer } from '../tests/hubspot-emulator/server';

const TOKEN = 'pat-test'; // the emulator's default token, with every scope the extension asks for
const PORTAL = 4242;

function port(): number {
  const raw = process.env.PORT ?? '';
  if (raw === '') return 4011;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new Error(`PORT must be a port number, got ${raw}`);
  return n;
}

function tier(): 'free' | 'professional' {
  const raw = process.env.TIER ?? '';
  if (raw === '' || raw === 'free') return 'free';
  if (raw === 'professional') return raw;
  throw new Error(`TIER must be free or professional, got ${raw}`);
}

async function main(): Promise<{ close(): Promise<void> }> {
  const plan = tier();
  const running = await startHubSpotServer({ port: port(), tier: plan, portalId: PORTAL });
  const { baseUrl } = running;
  console.log(
    [
      `HubSpot emulator (portal ${PORTAL}, ${plan} tier; in memory: a restart empties it)`,
      `  Base URL: ${baseUrl}`,
      `  Token:    ${TOKEN}`,
      `  Try:      curl -H 'Authorization: Bearer ${TOKEN}' ${baseUrl}${HUBSPOT_PATHS.accountDetails}`,
      '  In a development build: Options → HubSpot → Advanced → HubSpot API base URL = the base URL above,',
      '  then paste the token and click Connect HubSpot.',
      'Ctrl+C to stop.',
    ].join('\n'),
  );
  return running;
}

serveUntilSignal('the HubSpot emulator', main);

/** Runs once before the suite: the builds (as for the journeys) and nginx must be there. */
import { describeChromium, resolveChromium } from '../../e2e/support/chromium';
import { checkBuilds } from '../../e2e/support/global-setup';
import { NGINX, nginxInstalled } from './cluster';

export default async function checkTools(): Promise<void> {
  checkBuilds();
  process.stdout.write(`The live-map case runs in ${describeChromium(await resolveChromium())}\n`);
  if (!nginxInstalled()) {
    throw new Error(
      `npm run test:scale runs nginx as the balancer: install it (apt-get install nginx) or set NGINX_PATH (${NGINX} is missing)`,
    );
  }
}

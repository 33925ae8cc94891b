/** Runs once before the suite: the builds (as for the journeys) and nginx must be there. */
import checkBuilds from '../../e2e/support/global-setup';
import { NGINX, nginxInstalled } from './cluster';

export default function checkTools(): void {
  checkBuilds();
  if (!nginxInstalled()) {
    throw new Error(
      `npm run test:scale runs nginx as the balancer: install it (apt-get install nginx) or set NGINX_PATH (${NGINX} is missing)`,
    );
  }
}

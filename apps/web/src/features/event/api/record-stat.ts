/** `POST /public/events/{uuid}/stats`: a view or an action click. */
import type { CLICK_VALUES, VIEW_VALUES } from '@evmap/contract/enums';
import { eventRoutes } from '@evmap/contract/routes/events';
import { callEndpoint } from '@/lib/endpoint';

export type StatBody =
  | { type: 'view'; value: (typeof VIEW_VALUES)[number] }
  | { type: 'btn_click'; value: (typeof CLICK_VALUES)[number] };

/** Records a statistic; failures are ignored (statistics never block the visitor). */
export function recordStat(uuid: string, body: StatBody): void {
  callEndpoint(eventRoutes.recordStat, { params: { uuid }, body }).catch(() => undefined);
}

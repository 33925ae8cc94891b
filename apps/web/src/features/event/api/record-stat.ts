/** `POST /public/events/{uuid}/stats`: a view or an action click. */
import type { CLICK_VALUES, VIEW_VALUES } from '@evmap/contract/enums';
import { api } from '@/lib/api-client';

export type StatBody =
  | { type: 'view'; value: (typeof VIEW_VALUES)[number] }
  | { type: 'btn_click'; value: (typeof CLICK_VALUES)[number] };

/** Records a statistic; failures are ignored (statistics never block the visitor). */
export function recordStat(uuid: string, body: StatBody): void {
  api.post<void>(`/public/events/${uuid}/stats`, body).catch(() => undefined);
}

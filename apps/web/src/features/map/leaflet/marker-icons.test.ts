// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { testMarker } from '@/test/fixtures';
import { clusterIcon, eventIcon, groupIcon, recount } from './marker-icons';

/** The element Leaflet would make from `icon`. */
const element = (icon: ReturnType<typeof clusterIcon>) => icon.createIcon();

describe('the marker icons', () => {
  it('sizes a cluster by its count', () => {
    const small = element(clusterIcon(4));
    expect(small.className).toContain('evm-cluster-small');
    expect(small.style.width).toBe('40px');
    expect(small.textContent).toBe('4');
    expect(element(clusterIcon(30)).style.width).toBe('56px');
  });

  it('shows another count in place, as a new icon would', () => {
    const cluster = element(clusterIcon(4));
    recount(cluster, 4, 30, '30 events');
    const fresh = element(clusterIcon(30));
    expect(cluster.className).toBe(fresh.className);
    expect([cluster.style.width, cluster.style.height]).toEqual([fresh.style.width, fresh.style.height]);
    expect([cluster.style.marginLeft, cluster.style.marginTop]).toEqual(['-28px', '-28px']);
    expect(cluster.textContent).toBe('30');
    expect(cluster.title).toBe('30 events');
    expect(cluster.getAttribute('aria-label')).toBe('30 events');
  });

  it('writes titles and labels as text, never as markup', () => {
    const event = element(eventIcon(testMarker({ title: '<b>Jazz</b> & "blues"', image: '/u/"x"/124.jpg' })));
    expect(event.querySelector('img')?.getAttribute('src')).toBe('/u/"x"/124.jpg');
    expect(event.querySelector('b')).toBeNull();
    expect(event.textContent).toBe('<b>Jazz</b> & "blues"');
    const group = element(groupIcon(testMarker(), '<i>3</i> events here'));
    expect(group.className).toContain('evm-group');
    expect(group.textContent).toBe('<i>3</i> events here');
  });
});

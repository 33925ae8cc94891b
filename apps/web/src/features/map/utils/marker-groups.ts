/**
 * Events at the same or nearly the same place (their markers would cover each other) gathered into one group,
 * shown as one marker that lists them. Supercluster leaves pairs apart (its minimum is 3 points) and stops
 * clustering above its maximum zoom, so two events at one address would otherwise sit exactly on top of each other.
 */

/** A marker's position in pixels at the current zoom. */
export type Placed = { id: number; x: number; y: number };

/**
 * Groups of ids whose markers lie within `radius` pixels of their group's first marker (its smallest id, so a
 * group keeps its anchor whatever the order of the input); a marker near two groups joins the nearest. Single
 * markers are groups of one. A grid of `radius`-wide cells keeps it linear in the number of markers.
 */
export function groupNearby(items: readonly Placed[], radius: number): number[][] {
  const sorted = [...items].sort((a, b) => a.id - b.id);
  type Leader = { x: number; y: number; ids: number[] };
  const leaders = new Map<string, Leader[]>();
  const groups: number[][] = [];
  const cell = (value: number) => Math.floor(value / radius);
  for (const item of sorted) {
    const cx = cell(item.x);
    const cy = cell(item.y);
    // The nearest leader within the radius (the earliest one on a tie: leaders[0] of a group is its smallest id).
    let best: Leader | undefined;
    let bestDistance = radius * radius;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const leader of leaders.get(`${cx + dx},${cy + dy}`) ?? []) {
          const distance = (leader.x - item.x) ** 2 + (leader.y - item.y) ** 2;
          const tie = distance === bestDistance && (!best || leader.ids[0]! < best.ids[0]!);
          if (distance < bestDistance || tie) {
            best = leader;
            bestDistance = distance;
          }
        }
      }
    }
    if (best) {
      best.ids.push(item.id);
      continue;
    }
    const group: Leader = { x: item.x, y: item.y, ids: [item.id] };
    const key = `${cx},${cy}`;
    const inCell = leaders.get(key);
    if (inCell) inCell.push(group);
    else leaders.set(key, [group]);
    groups.push(group.ids);
  }
  return groups;
}

/** The key of a group: its ids in order (the same events make the same group between updates). */
export const groupKey = (ids: readonly number[]): string => ids.join(',');

/** A few lines of DOM building for the embed page, which has no framework (its bundle stays small). */

type Attributes = Record<string, string | boolean | undefined>;
type Child = Node | string | null | undefined | false;

/** An element with its attributes (`true` sets an empty one, `false`/undefined none) and children (text escaped). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

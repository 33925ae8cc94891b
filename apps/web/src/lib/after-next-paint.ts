/**
 * Runs `task` in a task of its own once the browser has painted the next frame (a timer started from an animation
 * frame), so that work such as creating the map neither lengthens the current task nor forces a layout the next
 * frame would do anyway. Returns a cancel function. Hidden pages do not paint: the task waits until it is shown.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

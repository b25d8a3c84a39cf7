// What both tables draw the same way: one render per animation frame, the clock's figures, and
// the timing of a move from its click to the frame that shows the answer.

/** A function that asks for `render` at the next animation frame: once, however often it is called. */
export function frameRenderer(render) {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      render();
    });
  };
}

export function formatTime(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** Seconds of play now: the view's figure, plus the time since it came while the clock runs. */
export function elapsedNow(view, receivedAt) {
  if (!view) return 0;
  return view.elapsed + (view.running ? (performance.now() - receivedAt) / 1000 : 0);
}

/** Called from the render that shows a move's answer: measures `move` (click to drawn) and
 * `move-answer` once this frame is painted (the timeout runs after it). */
export function measureMove() {
  setTimeout(() => {
    performance.mark("move-drawn");
    try {
      performance.measure("move", "move-start", "move-drawn");
      performance.measure("move-answer", "move-start", "move-answer");
    } catch (e) {
      /* a newer move cleared a mark: nothing to measure */
    }
  }, 0);
}

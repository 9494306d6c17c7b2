// Touch, pen, wheel and keys on our ipycanvas canvases (see pointer.py). Installed once per
// window; it acts only on events aimed at a <canvas> with the class shangrila-pointer.
//
// ipycanvas's view listens on the <canvas> element itself and cancels every touchstart,
// touchmove, touchend (preventDefault + stopImmediatePropagation), every wheel event
// (preventDefault) and every key (preventDefault + stopPropagation). The listeners below sit
// on the document in the capture phase, so they run before the canvas's own:
//
// * touch and wheel: stopped on their way down, never cancelled. The browser scrolls the
//   page on a swipe, a wheel or a touchpad, zooms on a pinch, and turns a tap (or a pen's
//   touch) into the standard mouse events, whose mousedown ipycanvas reports as a click.
// * mousedown (a mouse, a tap, a pen): the canvas takes the focus without scrolling before
//   ipycanvas focuses it and measures where the pointer is; a focus that scrolled a partly
//   visible board would move it under the pointer between the two.
// * Tab and the keys with Ctrl, Alt or Meta are not the board's: they go round the canvas to
//   the rest of the page (its parent gets a copy, so JupyterLab's shortcuts still work) and,
//   unless the page took them, to the browser (Tab moves the focus on, Ctrl+ zooms).

const SELECTOR = "canvas.shangrila-pointer";
const FLAG = "__shangrilaPointer";
const PASSED_ON = ["touchstart", "touchmove", "touchend", "touchcancel", "wheel"];

function onCanvas(event) {
  const target = event.target;
  return target instanceof Element && target.matches(SELECTOR);
}

function notForTheBoard(event) {
  return event.key === "Tab" || event.ctrlKey || event.altKey || event.metaKey;
}

function copyOf(event) {
  return new KeyboardEvent(event.type, {
    key: event.key,
    code: event.code,
    location: event.location,
    repeat: event.repeat,
    shiftKey: event.shiftKey,
    ctrlKey: event.ctrlKey,
    altKey: event.altKey,
    metaKey: event.metaKey,
    bubbles: true,
    cancelable: true,
    composed: true,
  });
}

function install(win) {
  if (win[FLAG]) return win[FLAG];
  const doc = win.document;
  const state = { version: 1, passedOn: 0, focused: 0, keys: 0 };
  const passOn = (event) => {
    if (!onCanvas(event)) return;
    event.stopPropagation();
    state.passedOn += 1;
  };
  for (const type of PASSED_ON) {
    doc.addEventListener(type, passOn, { capture: true, passive: true });
  }
  doc.addEventListener(
    "mousedown",
    (event) => {
      if (!onCanvas(event) || doc.activeElement === event.target) return;
      event.target.focus({ preventScroll: true });
      state.focused += 1;
    },
    { capture: true },
  );
  const roundTheCanvas = (event) => {
    if (!onCanvas(event) || !notForTheBoard(event)) return;
    event.stopPropagation();
    state.keys += 1;
    const parent = event.target.parentElement;
    if (parent) {
      const copy = copyOf(event);
      parent.dispatchEvent(copy);
      if (copy.defaultPrevented) event.preventDefault();
    }
  };
  doc.addEventListener("keydown", roundTheCanvas, { capture: true });
  doc.addEventListener("keyup", roundTheCanvas, { capture: true });
  win[FLAG] = state;
  return state;
}

// The width of the board this guard belongs to (its nearest .shangrila-board, the guard
// sits in the board's hidden stylesheet box), in CSS px, reported whenever it changes: the
// board opens a village large on a tap when it is narrow (a phone). The guard's element may
// join the page after render(): it is looked for again on the next frames.
function watchWidth(model, el) {
  let tries = 0;
  const report = (width) => {
    const rounded = Math.round(width);
    window[FLAG].boardWidth = rounded; // the last width reported, for the page's tests
    if (rounded > 0 && model.get("width") !== rounded) {
      model.set("width", rounded);
      model.save_changes();
    }
  };
  const find = () => {
    const board = el.closest(".shangrila-board");
    if (!board) {
      tries += 1;
      if (tries < 600) requestAnimationFrame(find);
      return;
    }
    report(board.getBoundingClientRect().width);
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => report(board.getBoundingClientRect().width)).observe(board);
    }
  };
  find();
}

export default {
  render({ model, el }) {
    install(window);
    el.classList.add("shangrila-pointer-guard");
    if (!model.get("active")) {
      model.set("active", true);
      model.save_changes();
    }
    watchWidth(model, el);
  },
};

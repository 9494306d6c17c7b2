"""Can a person reach every text and control of a widget? Measured in a real page.

The layout rule of the widgets (issue 23): as a page loads, the board and its button row are
inside the window; every other text and control is either inside the window or inside a box
a person can scroll (the wheel, a touchpad, a finger), never cut off by a box that does not
scroll; the page itself never scrolls sideways.

:func:`reach_everything` checks the second half the way a person would get there: for every
text node (its first and its last line) and every control inside the widget's root, it
scrolls only the ancestors whose computed ``overflow`` lets a person scroll them (``auto`` or
``scroll``) *and* that really have something to scroll (``scrollHeight > clientHeight``),
then the page itself, and checks that the thing is then really shown: inside the window and
``document.elementFromPoint`` at its centre hits it (or something inside it); ``across``
names the widget's boxes that scroll sideways (nothing should need that). A box with
``overflow: hidden`` is never scrolled, so what it cuts off stays unreachable, as for a
person; a script-only ``scrollTop`` is not a person's way.

:func:`as_loaded` measures the first half before anything is scrolled: the canvas and the
board's button row against what can be seen (the window, cut by every clipping ancestor).

Both also give computed font sizes, and :func:`board_letter_px` the size of the letters on
the board's spaces on screen (scene units x CSS width / scene width)::

    from tests.support.reach import as_loaded, reach_everything, board_letter_px

    loaded = as_loaded(page, ".shangrila-checker")
    assert loaded.outside() == {}
    report = reach_everything(page, ".shangrila-checker")
    assert report.unreachable() == [], report.describe()
    assert report.min_font() >= 20  # presenter mode
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

__all__ = [
    "Loaded",
    "Reach",
    "ReachItem",
    "WindowCell",
    "as_loaded",
    "board_letter_px",
    "letter_units",
    "reach_everything",
    "window_cell",
]

DESIGN_WIDTH = 900.0
"""The width (scene units) of the picture the lettering is designed for."""

CONTROLS = "button, input, select, textarea, summary, canvas, a[href]"
"""What counts as a control (besides every text node)."""

# Shared by both scripts: is an element shown at all, and the part of the window an element
# can be seen through (the window cut by every ancestor that clips).
_COMMON_JS = """
const shownEl = (el) => {
    // Not drawn: the content of a folded <details>, content-visibility, display/visibility.
    if (el.checkVisibility && !el.checkVisibility({opacityProperty: true,
                                                    visibilityProperty: true})) return false;
    // the folded part of a closed <details> has boxes (Chromium lays it out) but is not shown
    const folded = el.closest('details:not([open])');
    if (folded && folded !== el && !el.closest('summary')) return false;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0') return false;
    }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
};
const clips = (e) => {
    const s = getComputedStyle(e);
    if (s.display === 'contents') return false;  // no box of its own: clips nothing
    return s.overflowX !== 'visible' || s.overflowY !== 'visible' || s.contain.includes('paint')
        || s.contain === 'strict' || s.contain === 'content';
};
// Does e hold position: fixed descendants (their containing block), so that it clips them?
const holdsFixed = (e) => {
    const s = getComputedStyle(e);
    return s.transform !== 'none' || s.filter !== 'none' || s.perspective !== 'none' ||
        /paint|layout|strict|content/.test(s.contain) || /transform/.test(s.willChange);
};
const visibleArea = (el) => {
    let a = {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
    // Ancestors outside a fixed element's containing block do not clip it.
    let escaped = getComputedStyle(el).position === 'fixed';
    for (let e = el.parentElement; e && e !== document.body && e !== document.documentElement;
         e = e.parentElement) {
        if (escaped && !holdsFixed(e)) continue;
        escaped = false;
        if (getComputedStyle(e).position === 'fixed') escaped = true;
        if (!clips(e)) continue;
        const r = e.getBoundingClientRect();
        const top = r.top + e.clientTop, left = r.left + e.clientLeft;
        a = {top: Math.max(a.top, top), left: Math.max(a.left, left),
             bottom: Math.min(a.bottom, top + e.clientHeight),
             right: Math.min(a.right, left + e.clientWidth)};
    }
    return a;
};
const rectOf = (r) => ({top: r.top, left: r.left, bottom: r.bottom, right: r.right,
                        width: r.width, height: r.height});
"""

_LOADED_JS = (
    "(rootSel) => {"
    + _COMMON_JS
    + """
    const root = document.querySelector(rootSel);
    if (!root) return null;
    const out = {};
    const add = (name, el) => {
        if (!el || !shownEl(el)) return;
        out[name] = {box: rectOf(el.getBoundingClientRect()), area: visibleArea(el)};
    };
    add('canvas', root.querySelector('canvas'));
    const row = root.querySelector('.shangrila-buttons');
    add('button row', row);
    if (row) for (const b of row.querySelectorAll('button')) {
        add('button ' + (b.textContent.trim() || b.title), b);
    }
    const page = document.scrollingElement;
    return {items: out, viewport: [innerWidth, innerHeight],
            sideways: page.scrollWidth > page.clientWidth + 1};
}"""
)

_REACH_JS = (
    "([rootSel, controlSel]) => {"
    + _COMMON_JS
    + """
    const root = document.querySelector(rootSel);
    if (!root) return null;
    const personScrolls = (e, axis) => {
        const s = getComputedStyle(e);
        const o = axis === 'y' ? s.overflowY : s.overflowX;
        if (o !== 'auto' && o !== 'scroll') return false;
        return axis === 'y' ? e.scrollHeight > e.clientHeight + 1
                            : e.scrollWidth > e.clientWidth + 1;
    };
    // Where every box a walk scrolls was, and the page: put back at the end, so that what
    // is seen afterwards (a screenshot, the next check) is the page as the person left it.
    const saved = new Map(), pageX = scrollX, pageY = scrollY;
    // Scroll what a person can scroll until rect() is in view: each scrollable ancestor
    // (innermost first), then the page.
    const bring = (start, rect) => {
        const scrolled = [];
        for (let e = start; e && e !== document.body && e !== document.documentElement;
             e = e.parentElement) {
            for (const axis of ['y', 'x']) {
                if (!personScrolls(e, axis)) continue;
                const r = rect(), b = e.getBoundingClientRect();
                const lo = axis === 'y' ? b.top + e.clientTop : b.left + e.clientLeft;
                const size = axis === 'y' ? e.clientHeight : e.clientWidth;
                const [r0, r1] = axis === 'y' ? [r.top, r.bottom] : [r.left, r.right];
                if (r0 >= lo - 0.5 && r1 <= lo + size + 0.5) continue;
                if (!saved.has(e)) saved.set(e, [e.scrollTop, e.scrollLeft]);
                const delta = r1 - r0 > size ? r0 - lo : (r0 + r1) / 2 - (lo + size / 2);
                if (axis === 'y') e.scrollTop += delta; else e.scrollLeft += delta;
                scrolled.push((e.className || e.tagName).toString().slice(0, 40));
            }
        }
        const r = rect();
        if (r.top < 0 || r.bottom > innerHeight) {
            const dy = r.height > innerHeight ? r.top : (r.top + r.bottom - innerHeight) / 2;
            window.scrollBy(0, dy);
        }
        return scrolled;
    };
    const items = [];
    const check = (kind, name, target, start, rect) => {
        const scrolled = bring(start, rect);
        const r = rect();
        const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
        const inWindow = cx >= 0 && cx < innerWidth && cy >= 0 && cy < innerHeight &&
            (r.height > innerHeight || (r.top >= -1 && r.bottom <= innerHeight + 1)) &&
            (r.width > innerWidth || (r.left >= -1 && r.right <= innerWidth + 1));
        const hit = inWindow ? document.elementFromPoint(cx, cy) : null;
        // A target that takes no pointer events (a label's text) is hit through its box.
        let owner = target;
        while (owner.parentElement && getComputedStyle(owner).pointerEvents === 'none') {
            owner = owner.parentElement;
        }
        const onTop = !!hit && (hit === owner || owner.contains(hit));
        const a = visibleArea(target);
        items.push({kind, name, reached: inWindow && onTop, inWindow, onTop, scrolled,
                    hit: hit ? (hit.className || hit.tagName).toString().slice(0, 60) : null,
                    box: rectOf(r), area: a,
                    font: parseFloat(getComputedStyle(target).fontSize)});
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent.trim()) continue;
        const p = n.parentElement;
        if (!p || p.closest('style, script, option, template')) continue;
        if (p.closest('svg') && !p.closest('text')) continue;
        if (!shownEl(p)) continue;
        texts.push(n);
    }
    for (const n of texts) {
        const range = document.createRange();
        range.selectNodeContents(n);
        const count = range.getClientRects().length;
        if (!count) continue;
        const name = n.textContent.trim().replace(/\\s+/g, ' ').slice(0, 50);
        const lines = count === 1 ? [0] : [0, count - 1];
        for (const i of lines) {
            check('text', name + (lines.length > 1 ? (i ? ' [last line]' : ' [first line]') : ''),
                  n.parentElement, n.parentElement, () => range.getClientRects()[i]);
        }
    }
    for (const c of root.querySelectorAll(controlSel)) {
        if (!shownEl(c)) continue;
        const name = c.tagName.toLowerCase() + ' ' +
            (c.textContent.trim() || c.value || c.title || c.className || '').toString()
                .replace(/\\s+/g, ' ').slice(0, 40);
        // A link wrapped onto two lines is tapped on a line of its own text, not at the
        // middle of its box (which may fall between the lines, on its parent).
        check('control', name, c, c.parentElement,
              () => c.getClientRects()[0] || c.getBoundingClientRect());
    }
    // Boxes of the widget that scroll sideways (a person would have to scroll them).
    const across = [];
    for (const e of [root, ...root.querySelectorAll('*')]) {
        const o = getComputedStyle(e).overflowX;
        if ((o === 'auto' || o === 'scroll') && e.scrollWidth > e.clientWidth + 1 && shownEl(e)) {
            across.push((e.tagName + '.' + [...e.classList].join('.')).slice(0, 60) +
                        ` ${e.scrollWidth}>${e.clientWidth}px`);
        }
    }
    const page = document.scrollingElement;
    const sideways = page.scrollWidth > page.clientWidth + 1;
    for (const [e, [top, left]] of saved) { e.scrollTop = top; e.scrollLeft = left; }
    window.scrollTo(pageX, pageY);
    return {items, viewport: [innerWidth, innerHeight], across, sideways};
}"""
)


@dataclass
class ReachItem:
    """One text line or control: whether a person can bring it into view, and its font."""

    kind: str
    name: str
    reached: bool
    in_window: bool
    on_top: bool
    hit: str | None
    box: dict[str, float]
    font: float
    scrolled: list[str] = field(default_factory=list)

    def describe(self) -> str:
        b = self.box
        why = "outside the window" if not self.in_window else f"covered/clipped (hit {self.hit})"
        return (
            f"{self.kind} {self.name!r} at y {b['top']:.0f}-{b['bottom']:.0f} "
            f"x {b['left']:.0f}-{b['right']:.0f}: {why}"
        )


@dataclass
class Reach:
    """What :func:`reach_everything` found."""

    items: list[ReachItem]
    viewport: tuple[int, int]
    sideways: bool
    across: list[str] = field(default_factory=list)
    """The widget's boxes that scroll sideways (tag.classes and scroll/client widths)."""

    def unreachable(self) -> list[ReachItem]:
        return [item for item in self.items if not item.reached]

    def texts(self) -> list[ReachItem]:
        return [item for item in self.items if item.kind == "text"]

    def min_font(self) -> float:
        """The smallest computed font size of any text shown (px)."""
        return min((item.font for item in self.texts()), default=0.0)

    def small_texts(self, at_least: float) -> list[ReachItem]:
        return [item for item in self.texts() if item.font < at_least - 0.01]

    def describe(self, limit: int = 25) -> str:
        bad = self.unreachable()
        lines = [f"{len(bad)} of {len(self.items)} cannot be reached ({self.viewport}):"]
        lines += ["  " + item.describe() for item in bad[:limit]]
        return "\n".join(lines)


@dataclass
class Loaded:
    """Boxes of the canvas, the button row and its buttons as loaded, and where they can be
    seen (the window cut by clipping ancestors)."""

    items: dict[str, dict[str, Any]]
    viewport: tuple[int, int]
    sideways: bool

    def outside(self) -> dict[str, tuple[int, int, int, int]]:
        """The items not wholly inside what can be seen: name -> (left, top, right, bottom)."""
        found = {}
        for name, item in self.items.items():
            b, a = item["box"], item["area"]
            if (
                b["top"] < a["top"] - 1
                or b["bottom"] > a["bottom"] + 1
                or b["left"] < a["left"] - 1
                or b["right"] > a["right"] + 1
            ):
                found[name] = (
                    round(b["left"]),
                    round(b["top"]),
                    round(b["right"]),
                    round(b["bottom"]),
                )
        return found

    def box(self, name: str) -> dict[str, float]:
        box: dict[str, float] = self.items[name]["box"]
        return box


def as_loaded(page: Page, root: str) -> Loaded:
    """Measure the board's canvas and button row inside ``root`` before anything scrolls."""
    found = page.evaluate(_LOADED_JS, root)
    assert found is not None, f"no {root} in the page"
    return Loaded(found["items"], tuple(found["viewport"]), bool(found["sideways"]))


def reach_everything(page: Page, root: str, controls: str = CONTROLS) -> Reach:
    """Bring every text line and control inside ``root`` into view as a person could, and
    say which are then really shown (see the module docstring). The boxes it scrolled and
    the page are put back where they were at the end: a screenshot taken afterwards shows
    the page as a person left it, not the last box the walk brought into view."""
    found = page.evaluate(_REACH_JS, [root, controls])
    assert found is not None, f"no {root} in the page"
    items = [
        ReachItem(
            kind=i["kind"],
            name=i["name"],
            reached=bool(i["reached"]),
            in_window=bool(i["inWindow"]),
            on_top=bool(i["onTop"]),
            hit=i["hit"],
            box=i["box"],
            font=float(i["font"]),
            scrolled=list(i["scrolled"]),
        )
        for i in found["items"]
    ]
    return Reach(items, tuple(found["viewport"]), bool(found["sideways"]), list(found["across"]))


@cache
def letter_units(presenter: bool, players: int = 3) -> float:
    """The size (scene units) of the letters on the board's empty spaces."""
    from shangrila_widget.render.primitives import Text
    from shangrila_widget.render.scene import build_scene
    from shangrila_widget.rules import Position

    colours = ["red", "blue", "yellow", "violet"][:players]
    scene = build_scene(Position.new_game(colours), presenter=presenter, width=DESIGN_WIDTH)
    sizes = {p.size for p in scene.static if isinstance(p, Text) and p.tag[:1] == ("space",)}
    assert len(sizes) == 1, sizes
    return float(sizes.pop())


def board_letter_px(page: Page, root: str, *, presenter: bool) -> float:
    """CSS px of the letters on the spaces of the first board canvas inside ``root``: the
    letters scale with the picture (design units of a picture 900 wide), so they are the
    900-wide scene's letter size x CSS width / 900, whatever the board's logical width."""
    css = page.evaluate(
        "(sel) => document.querySelector(sel + ' canvas').getBoundingClientRect().width", root
    )
    return letter_units(presenter) * float(css) / DESIGN_WIDTH


@dataclass
class WindowCell:
    """What :func:`window_cell` found for one page at one window size and mode."""

    problems: list[str]
    figures: str
    reach: Reach
    letters: float


def window_cell(page: Page, root: str, where: str, *, presenter: bool) -> WindowCell:
    """The layout rule at a window's size (not a phone's) for the page as it is now (the
    matrix's cell ``where``): the canvas and the button row inside what can be seen
    (:func:`as_loaded`), no sideways scrolling, every text and control reached
    (:func:`reach_everything`); in presenter mode every text at least 20 px and the board's
    letters at least 12 px on screen, or the one line saying the window is too small shown
    (and only then). ``across`` (the widget's boxes that scroll sideways) is left to the
    caller, in ``reach.across``."""
    from shangrila_widget.rules.messages import say

    problems: list[str] = []
    loaded = as_loaded(page, root)
    letters = board_letter_px(page, root, presenter=presenter)
    figures = f"letters {letters:.1f} px"
    row = loaded.items.get("button row", {}).get("box")
    if row:
        figures += f", button row y {row['top']:.0f}-{row['bottom']:.0f}"
    if loaded.outside():
        problems.append(f"{where}: outside what can be seen as loaded: {loaded.outside()}")
    if loaded.sideways:
        problems.append(f"{where}: the page scrolls sideways")
    reach = reach_everything(page, root)
    if reach.unreachable():
        problems.append(f"{where}: {reach.describe()}")
    if reach.sideways:
        problems.append(f"{where}: the page scrolls sideways after scrolling into view")
    figures += f", smallest text {reach.min_font():.1f} px, {len(reach.items)} reached"
    if presenter:
        small = reach.small_texts(20)
        if small:
            names = sorted({f"{i.name!r} {i.font:.0f}px" for i in small})[:12]
            problems.append(f"{where}: {len(small)} texts under 20 px: {names}")
        said = page.locator(f"{root} .shangrila-too-small").first
        shown = said.is_visible()
        if letters < 12 and not shown:
            problems.append(f"{where}: board letters {letters:.1f} px on screen")
        if letters >= 12 and shown:
            problems.append(f"{where}: 'too small' said with letters at {letters:.1f}")
        if shown:
            figures += ", the window is said to be too small"
            if said.inner_text().strip() != say("ui.presenter_too_small", "en"):
                problems.append(f"{where}: the 'too small' line is {said.inner_text()!r}")
    return WindowCell(problems, figures, reach, letters)

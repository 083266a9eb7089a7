"""The board measurement of issue 46, run in a Playwright page: the rendered size in CSS px of
every visible text of the board (`.board svg`), the on-screen box of every board target, and
whether the page is wider than the screen. The targets the tests hold boards to: at 1366×768
at least 95% of the text ≥ 12 px, at 390×844 at least 95% ≥ 11 px, never under 10 px; at most
10% of the targets under 24×24 px; no horizontal overflow."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Rounding of layout (a 24 px box measured 23.998) is not a failure.
EPSILON = 0.01

MEASURE = """
() => {
  const shown = (e) => {
    for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse'
          || Number(s.opacity) === 0) return false;
    }
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const scale = (e) => {
    const m = e.getScreenCTM();
    return m ? Math.hypot(m.a, m.b) : 0;
  };
  const px = (e) => parseFloat(getComputedStyle(e).fontSize) * scale(e);
  const own = (e) => e.hasAttribute('font-size') || (e.style && e.style.fontSize !== '');
  const texts = [];
  const samples = [];
  const boards = [...document.querySelectorAll('.board svg')];
  for (const svg of boards) {
    for (const t of svg.querySelectorAll('text')) {
      if (!shown(t)) continue;
      // The text's own characters: those not inside a tspan that sets its own size.
      let plain = '';
      for (const n of t.childNodes) {
        if (n.nodeType === 3) plain += n.textContent;
        else if (n.nodeType === 1 && !own(n)) plain += n.textContent;
      }
      if (plain.trim()) { texts.push(px(t)); samples.push(plain.trim().slice(0, 24)); }
      for (const s of t.querySelectorAll('tspan')) {
        if (own(s) && s.textContent.trim() && shown(s)) {
          texts.push(px(s)); samples.push(s.textContent.trim().slice(0, 24));
        }
      }
    }
  }
  const focusable = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
  const found = new Set();
  for (const board of document.querySelectorAll('.board')) {
    for (const e of board.querySelectorAll(`[data-action], [data-select], ${focusable}`)) {
      if (shown(e)) found.add(e);
    }
  }
  const targets = [...found].map((e) => {
    const r = e.getBoundingClientRect();
    return [r.width, r.height];
  });
  return {
    texts, samples, targets,
    overflow: document.documentElement.scrollWidth > window.innerWidth,
    boards: boards.length,
  };
}
"""


@dataclass(frozen=True)
class BoardMetrics:
    """What a board measures in the page: text sizes in CSS px, targets' (width, height) in
    CSS px, and whether the page scrolls sideways."""

    texts: list[float]
    targets: list[tuple[float, float]]
    overflow: bool
    samples: tuple[str, ...] = ()  # the words of each text, in the order of `texts`

    def share_at_least(self, px: float) -> float:
        """The share of the board's texts at least `px` CSS px (1.0 when there is none)."""
        if not self.texts:
            return 1.0
        return sum(size >= px - EPSILON for size in self.texts) / len(self.texts)

    def smallest(self) -> float:
        """The smallest text in CSS px (infinity when there is none)."""
        return min(self.texts, default=float("inf"))

    def small_targets_share(self, px: float = 24) -> float:
        """The share of targets narrower or lower than `px` CSS px (0.0 when there is none)."""
        if not self.targets:
            return 0.0
        small = sum(w < px - EPSILON or h < px - EPSILON for w, h in self.targets)
        return small / len(self.targets)

    def smallest_texts(self, count: int = 5) -> list[tuple[float, str]]:
        """The `count` smallest texts with their words, for a failing test's message."""
        paired = sorted(zip(self.texts, self.samples or ("",) * len(self.texts), strict=False))
        return [(round(size, 2), words) for size, words in paired[:count]]

    def summary(self) -> str:
        """One line for a test's message."""
        targets = sorted(min(w, h) for w, h in self.targets)
        median = targets[len(targets) // 2] if targets else 0.0
        return (
            f"{len(self.texts)} texts, smallest {self.smallest():.1f} px, "
            f"≥12: {self.share_at_least(12):.0%}, ≥11: {self.share_at_least(11):.0%}; "
            f"{len(self.targets)} targets, under 24 px: {self.small_targets_share(24):.0%} "
            f"(median side {median:.1f}); overflow: {self.overflow}; "
            f"smallest texts {self.smallest_texts()}"
        )


def measure(page: Any) -> BoardMetrics:
    """Measure the boards (`.board svg`) of a Playwright page as it is now shown."""
    found: dict[str, Any] = page.evaluate(MEASURE)
    return BoardMetrics(
        texts=[float(size) for size in found["texts"]],
        targets=[(float(w), float(h)) for w, h in found["targets"]],
        overflow=bool(found["overflow"]),
        samples=tuple(str(s) for s in found["samples"]),
    )

"""The search tree: max^n UCT for several players.

Each node keeps a value per seat and the player to move picks by their own value; children
are opened in the order of the one-move heuristic, a few more as the node is visited more
often (progressive widening), the root starting with ``root_width`` of them. The playouts
follow one of the policies of :mod:`~shangrila_widget.bots.playouts` and end in the
evaluation of :mod:`~shangrila_widget.bots.evaluation`.

Beyond plain UCT the root keeps what a learner is shown:

- the spread of every root child's results (for its standard error), so that two actions
  can be said to be about equal or clearly apart;
- the actions of the first playout below each root child (the other players' expected
  answers, when the tree has not grown below that child yet);
- an optional *kept* action (the review's played action): opened first and given at least
  ``keep_share`` of the root's visits, so that it is valued by the same search as the best
  action and with enough visits to compare the two.

Callers use :mod:`~shangrila_widget.bots.thinking`, which builds a :class:`Search` from a
:class:`~shangrila_widget.bots.levels.SearchConfig` and runs it within a bot's budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from shangrila_widget.bots.evaluation import (
    action_scores,
    final_shares,
    margin,
    ordering_score,
)
from shangrila_widget.bots.playouts import (
    Policy,
    greedy_playout,
    playout,
    recorded_playout,
    uniform_playout,
)
from shangrila_widget.deprecation import deprecated
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.codes import OVER
from shangrila_widget.rules.engine import apply_unchecked, legal_actions
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import problem

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position


class SearchNode:
    """One position of the search tree; ``value[s]`` sums seat s's results through it.

    ``squares`` sums the squares of the parent's mover's results (kept for the root's
    children, whose standard error a hint and a review report); ``line`` holds the actions
    of the first playout below a root child.
    """

    __slots__ = (
        "position",
        "seat",
        "actions",
        "children",
        "visits",
        "value",
        "squares",
        "ordered",
        "line",
    )

    def __init__(self, position: Position) -> None:
        packed = position.packed
        self.position = position
        self.seat = packed.turn
        self.actions: list[Action] = legal_actions(position)
        self.children: list[tuple[Action, SearchNode]] = []
        self.visits = 0
        self.value = [0.0] * len(packed.players)
        self.squares = 0.0
        self.ordered = False
        self.line: tuple[Action, ...] = ()

    def mean(self, seat: int) -> float:
        """Seat's average result through this node (0.0 before any visit)."""
        return self.value[seat] / self.visits if self.visits else 0.0

    def spread(self, seat: int) -> float:
        """The standard error of :meth:`mean` for the seat whose results ``squares`` sums
        (the parent's mover); 0.5 (the most a result in 0-1 can spread) below 2 visits."""
        n = self.visits
        if n < 2:
            return 0.5
        mean = self.value[seat] / n
        variance = max(0.0, self.squares / n - mean * mean) * n / (n - 1)
        return math.sqrt(variance / n)


class Search:
    """Multi-player UCT from ``root``; call :meth:`run`, then read :meth:`ranked`.

    ``grow``: whether nodes below the root's children are opened (False: a bandit over the
    root's actions, UCB1, every playout starting at one of them); ``widen``: whether the
    root opens more than ``root_width`` actions as it is visited more often.

    ``keep``: an action of the root to open first and to give at least ``keep_share`` of
    the root's visits (the review's played action). ``trust_first``: :meth:`ranked` puts
    the heuristic's first action first unless the best by mean leads it by more than this
    many standard errors of the difference (0: by mean only; not with ``keep``, whose
    action is opened first in the heuristic's place, so a review compares by mean).
    """

    def __init__(
        self,
        root: Position,
        rng: random.Random,
        *,
        depth: int = 30,
        policy: Policy = "sampled",
        root_width: int = 2,
        exploration: float = 0.6,
        keep: Action | None = None,
        keep_share: float = 0.3,
        grow: bool = True,
        widen: bool = True,
        trust_first: float = 0.0,
    ) -> None:
        self.rng = rng
        self.depth = depth
        self.policy: Policy = policy
        self.playout = {"greedy": greedy_playout, "uniform": uniform_playout}.get(policy, playout)
        self.root_width = root_width
        self.exploration = exploration
        self.grow = grow
        self.widen = widen
        self.trust_first = trust_first
        self.root = SearchNode(root)
        self.iterations = 0
        if keep is not None and keep not in self.root.actions:
            raise ShangrilaError(problem("kept_not_legal", action=str(keep)))
        self.keep = keep
        self.keep_share = keep_share
        self._kept: SearchNode | None = None

    def run(self, iterations: int | None = None, seconds: float | None = None) -> None:
        """Run until ``iterations`` more iterations or ``seconds`` have passed."""
        if iterations is None and seconds is None:
            raise ShangrilaError(problem("search_budget"))
        clock = time.perf_counter
        deadline = None if seconds is None else clock() + seconds
        done = 0
        while iterations is None or done < iterations:
            if deadline is not None and clock() >= deadline:
                break
            self._iterate()
            done += 1
        self.iterations += done

    def _order(self, node: SearchNode) -> None:
        if len(node.actions) > 1:
            pos = node.position
            # the greedy policy's nodes open the easy bot's choice first, as its playouts play
            cheap = self.policy != "greedy" and node is not self.root
            if cheap:
                base = margin(pos, pos.packed.turn, True)
                scores = [ordering_score(pos, a, True, base) for a in node.actions]
            else:  # the full one-move evaluation, an action that ends the game by its result
                scores = action_scores(pos, node.actions)
            scored = [(score, i) for i, score in enumerate(scores)]
            scored.sort(key=lambda s: (-s[0], s[1]))
            node.actions = [node.actions[i] for _, i in scored]
        if node is self.root and self.keep is not None:
            node.actions.remove(self.keep)
            node.actions.insert(0, self.keep)
        node.ordered = True

    def _iterate(self) -> None:
        node = self.root
        path = [node]
        while node.position.packed.phase != OVER:
            if not node.ordered:
                self._order(node)
            width = 2 + int(math.sqrt(node.visits))
            if node is self.root and (width < self.root_width or not self.widen):
                width = self.root_width
            width = min(len(node.actions), width)
            if len(node.children) < width:
                action = node.actions[len(node.children)]
                child = SearchNode(apply_unchecked(node.position, action))
                node.children.append((action, child))
                if node is self.root and action == self.keep:
                    self._kept = child
                path.append(child)
                node = child
                break
            node = self._select(node)
            path.append(node)
            if not self.grow:  # flat: every playout starts at a child of the root
                break
        if node.position.packed.phase == OVER:
            result = final_shares(node.position)
        elif len(path) == 2:  # a new child of the root: remember the answers it expects
            result, node.line = recorded_playout(node.position, self.rng, self.depth, self.policy)
        else:
            result = self.playout(node.position, self.rng, self.depth)
        for visited in path:
            visited.visits += 1
            value = visited.value
            for s, r in enumerate(result):
                value[s] += r
        if len(path) > 1:
            mine = result[self.root.seat]
            path[1].squares += mine * mine

    def _select(self, node: SearchNode) -> SearchNode:
        kept = self._kept
        if (
            node is self.root
            and kept is not None
            and kept.visits < self.keep_share * (node.visits + 1)
        ):
            return kept
        seat = node.seat
        exploration = self.exploration
        log_n = math.log(node.visits + 1)
        best = node.children[0][1]
        best_ucb = -math.inf
        for _, child in node.children:
            n = child.visits
            if n == 0:
                return child
            ucb = child.value[seat] / n + exploration * math.sqrt(log_n / n)
            if ucb > best_ucb:
                best, best_ucb = child, ucb
        return best

    def ranked(self) -> list[tuple[Action, SearchNode]]:
        """The root's opened children, best first: an action that ends the game as the
        mover's sole win, then the well-visited children (at least a quarter of the most
        visited one's visits) by the mover's mean result, then the others by mean."""
        seat = self.root.seat
        children = self.root.children
        most = max((node.visits for _, node in children), default=0)

        def key(child: tuple[Action, SearchNode]) -> tuple[bool, bool, float, int]:
            node = child[1]
            won = node.position.packed.phase == OVER and final_shares(node.position)[seat] == 1.0
            thin = node.visits * 4 < most or node.visits == 0
            return (not won, thin, -node.mean(seat), -node.visits)

        ranked = sorted(children, key=key)
        if self.trust_first > 0 and len(ranked) > 1 and self.keep is None:
            self._trust_first(ranked, key)
        return ranked

    def _trust_first(
        self,
        ranked: list[tuple[Action, SearchNode]],
        key: Callable[[tuple[Action, SearchNode]], tuple[bool, bool, float, int]],
    ) -> None:
        """Move the heuristic's first action (the root's first opened child) to the front
        of ``ranked`` unless the front leads it clearly (see ``trust_first``), wins the game
        outright, or the first action is thinly visited."""
        seat = self.root.seat
        first = self.root.children[0]
        front = ranked[0]
        if first is front or not key(front)[0] or key(first)[1]:
            return
        lead = front[1].mean(seat) - first[1].mean(seat)
        error = math.hypot(front[1].spread(seat), first[1].spread(seat))
        if lead <= self.trust_first * error:
            ranked.remove(first)
            ranked.insert(0, first)

    def best(self) -> Action:
        """Deprecated: the action a bot plays is the first line of its thought
        (:meth:`~shangrila_widget.bots.thinking.Thinker.choice`); here, ``ranked()[0][0]``."""
        deprecated("Search.best()", "Thinker.choice() (or Search.ranked()[0][0])")
        ranked = self.ranked()
        return ranked[0][0] if ranked else self.root.actions[0]

    def expected_line(self, child: SearchNode, plies: int = 4) -> tuple[Action, ...]:
        """The answers the search expects after a root child: down the tree by the most
        visited child while it was visited at least twice, else the child's first playout."""
        line: list[Action] = []
        node = child
        while len(line) < plies and node.children:
            action, nxt = max(node.children, key=lambda c: c[1].visits)
            if nxt.visits < 2:
                break
            line.append(action)
            node = nxt
        if not line:
            return child.line[:plies]
        return tuple(line)

"""Every rule that refuses an action, in the order the engine checks them (who may act,
whether the game goes on, the villages, then the action's own rules in the rulebook's order),
so that the first is always :func:`~shangrila_widget.rules.engine.check`'s.

>>> from shangrila_widget.rules import Position
>>> pos = Position.from_compact("rbyv r play 7/R6/7/7/7/7/7/7/7/7/7/7/7 AB -")
>>> tuple(r.rule for r in refusing_rules(pos, "journey A B"))
('JOURNEY-BRIDGE', 'JOURNEY-START')
"""

from __future__ import annotations

from collections.abc import Iterator

from shangrila_widget.rules.actions import Action, Pass, as_action
from shangrila_widget.rules.changes import edited, turn_change
from shangrila_widget.rules.codes import SETUP
from shangrila_widget.rules.engine import action_conditions, check, legal_actions
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.results import Refusal


def failing_conditions(
    pos: Position, action: Action | str, player: str | None = None
) -> list[Refusal]:
    """Every condition of ``action`` that fails, each as the refusal it would give, in the
    engine's order of checking (a rule may appear more than once: one per student, say):
    ``TURN-ORDER`` when ``player`` is not to move, ``END`` in a finished game, then the
    action's own conditions (:func:`~shangrila_widget.rules.engine.action_conditions`), for
    ``player`` as if it were their turn, or a pass's."""
    first = check(pos, action, player)  # checks the arguments and parses the action
    action = as_action(action)
    name = pos.to_move if player is None else player
    found: list[Refusal] = []
    if first is not None and first.rule == "TURN-ORDER":
        found.append(first)
    if pos.is_over:
        found.append(Refusal("END", "game_over", {}))
    if not isinstance(action, Pass):
        found += action_conditions(pos, action, name)
    elif not pos.is_over:
        found += _pass_conditions(pos, name)
    return found


def _pass_conditions(pos: Position, name: str) -> Iterator[Refusal]:
    mover = pos if name == pos.to_move else edited(pos, (turn_change(name),))
    if mover is None:  # during set-up the turn follows the tiles: no other player to move
        return
    actions = legal_actions(mover)
    if actions != [Pass()]:
        yield Refusal(
            "SETUP-STUCK" if pos.packed.phase == SETUP else "TURN-PASS",
            "cannot_pass",
            {"player": name, "count": len(actions), "example": str(actions[0])},
        )


def refusing_rules(
    pos: Position, action: Action | str, player: str | None = None
) -> tuple[Refusal, ...]:
    """Every rule that refuses ``action``, once each (its first failing condition), in the
    engine's order of checking: the first is :func:`check`'s refusal; ``()`` for a legal
    action.

    >>> from shangrila_widget.rules import Position
    >>> pos = Position.new_game(["red", "blue", "yellow"])
    >>> tuple(r.rule for r in refusing_rules(pos, "recruit healer C"))
    ('SETUP-ORDER', 'SETUP-THREE', 'RECRUIT-OWN')
    """
    seen: dict[str, Refusal] = {}
    for refusal in failing_conditions(pos, action, player):
        seen.setdefault(refusal.rule, refusal)
    return tuple(seen.values())


__all__ = ["failing_conditions", "refusing_rules"]

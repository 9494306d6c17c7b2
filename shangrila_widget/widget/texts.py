"""Every sentence the widgets say themselves (not the rules'), in English and Polish.

>>> ui_text("welcome", "pl", player="Czerwony")
'Kliknij pole, aby zagrać. Na ruchu: Czerwony.'
"""

from __future__ import annotations

from typing import Final

from shangrila_widget.rules.messages import Language

UI_TEXT: Final[dict[str, dict[Language, str]]] = {
    # ---------------------------------------------------------------- controller
    "nothing_here": {
        "en": "Nothing to do there: click a space of a village.",
        "pl": "Tu nic nie można zrobić: kliknij pole w wiosce.",
    },
    "pick_destination": {
        "en": "Start village {village} chosen: click a neighbouring village across an intact "
        "bridge (or {village} again to cancel).",
        "pl": "Wybrano wioskę startową {village}: kliknij sąsiednią wioskę za całym mostem "
        "(lub {village} ponownie, aby anulować).",
    },
    "pick_second_student": {
        "en": "Student for the {type} in {village} chosen: click another of your masters for "
        "a second student, the same one again (or Recruit) for just this one.",
        "pl": "Wybrano Ucznia dla Mistrza ({type}) w wiosce {village}: kliknij innego swojego "
        "Mistrza, aby dodać drugiego Ucznia, albo tego samego (lub „Rekrutuj”), aby "
        "poprzestać na jednym.",
    },
    "cancelled": {"en": "Selection cancelled.", "pl": "Wybór anulowany."},
    "game_over": {"en": "The game is over.", "pl": "Gra jest zakończona."},
    "undone": {"en": "Took back: {action}.", "pl": "Cofnięto: {action}."},
    "redone": {"en": "Replayed: {action}.", "pl": "Powtórzono: {action}."},
    "at_start": {"en": "Already at the start.", "pl": "To już początek."},
    "at_end": {"en": "Nothing to redo.", "pl": "Nie ma czego powtórzyć."},
    "reset": {"en": "Back to the start position.", "pl": "Powrót do pozycji początkowej."},
    "nothing_pending": {
        "en": "Nothing selected to recruit.",
        "pl": "Nie wybrano Mistrza do Znalezienia Uczniów.",
    },
    "bad_click": {
        "en": "That click could not be read ({problem}); the game is unchanged.",
        "pl": "Nie udało się odczytać kliknięcia ({problem}); gra bez zmian.",
    },
    # ---------------------------------------------------------------- board
    "auto": {"en": "Auto", "pl": "Auto"},
    "place": {"en": "Place", "pl": "Mistrz"},
    "recruit": {"en": "Recruit", "pl": "Uczniowie"},
    "journey": {"en": "Journey", "pl": "Podróż"},
    "start": {"en": "◀◀ Start", "pl": "◀◀ Początek"},
    "undo": {"en": "◀ Undo", "pl": "◀ Cofnij"},
    "redo": {"en": "Redo ▶", "pl": "Ponów ▶"},
    "end": {"en": "End ▶▶", "pl": "Koniec ▶▶"},
    "confirm": {"en": "Recruit one", "pl": "Rekrutuj"},
    "pass": {"en": "Pass", "pl": "Pas"},
    "cancel": {"en": "Cancel", "pl": "Anuluj"},
    "show_legal": {"en": "show legal moves", "pl": "pokaż dozwolone ruchy"},
    "show_legal_tip": {
        "en": "Ring the choices of the player to move, from the first turn of play (during "
        "set-up nearly every empty space is allowed, so nothing is ringed).",
        "pl": "Zaznacza wybory gracza na ruchu od pierwszej tury rozgrywki (podczas "
        "rozmieszczania prawie każde wolne pole jest dozwolone, więc nic nie jest zaznaczane).",
    },
    "to_move": {"en": "to move", "pl": "na ruchu"},
    "phase_setup": {"en": "set-up", "pl": "rozmieszczanie Mistrzów"},
    "phase_play": {"en": "play", "pl": "rozgrywka"},
    "phase_over": {"en": "game over", "pl": "koniec gry"},
    "supply": {"en": "Supply", "pl": "Zapas"},
    "masters": {"en": "masters", "pl": "Mistrzowie"},
    "villages": {"en": "villages", "pl": "wioski"},
    "winner": {"en": "Winner", "pl": "Wygrywa"},
    "busy": {"en": "thinking…", "pl": "myśli…"},
    "busy_click": {
        "en": "Please wait: the board is busy (thinking).",
        "pl": "Chwileczkę: plansza jest zajęta (myśli).",
    },
    "error": {"en": "Error inside the widget", "pl": "Błąd w widżecie"},
    "kind_tip": {
        "en": "What a click on a space does; Auto infers it from the space.",
        "pl": "Co robi kliknięcie pola; Auto rozpoznaje to po polu.",
    },
    "preview": {"en": "preview: {action} (not played)", "pl": "podgląd: {action} (nie zagrano)"},
    "welcome": {
        "en": "Click a space to play. {player} is to move.",
        "pl": "Kliknij pole, aby zagrać. Na ruchu: {player}.",
    },
    "help": {
        "en": "Click an empty space to place a master there; one of your masters to recruit "
        "a student (a second one for two, the same again for one); a master with a student, "
        "then a neighbouring village, for a journey. Keys: Left/Right undo/redo, Home/End "
        "start/end, Escape cancels, Enter recruits one, ? shows this help.",
        "pl": "Kliknij wolne pole, aby umieścić tam Mistrza; swojego Mistrza, aby dać mu "
        "Ucznia (drugiego Mistrza, aby dodać dwóch, tego samego ponownie, aby jednego); "
        "Mistrza z Uczniem, a potem sąsiednią wioskę, aby wyruszyć w Podróż. Klawisze: "
        "strzałki w lewo/prawo cofają/ponawiają, Home/End początek/koniec, Escape anuluje, "
        "Enter rekrutuje jednego, ? pokazuje tę pomoc.",
    },
    # ---------------------------------------------------------------- computer players
    "plain": {"en": "{text}", "pl": "{text}"},
    "level_random": {"en": "random", "pl": "losowy"},
    "level_easy": {"en": "easy", "pl": "łatwy"},
    "level_medium": {"en": "medium", "pl": "średni"},
    "level_hard": {"en": "hard", "pl": "trudny"},
    "bot_seat": {"en": "{player} (computer, {level})", "pl": "{player} (komputer, {level})"},
    "bots_are": {"en": "Computer players: {seats}.", "pl": "Gracze komputerowi: {seats}."},
    "bot_budget": {
        "en": "{player} ({level}, budget: {budget})",
        "pl": "{player} ({level}, limit {budget})",
    },
    "bot_level": {"en": "{player} ({level})", "pl": "{player} ({level})"},
    "bot_to_move": {
        "en": "It is {player}'s turn, a computer player: wait for its move (or press Redo to "
        "replay it).",
        "pl": "Ruch ma {player}, gracz komputerowy: poczekaj na jego ruch (albo naciśnij "
        "„Ponów”, by go powtórzyć).",
    },
    "bot_played": {
        "en": "{player} (computer, {level}) plays {action}. {reason}",
        "pl": "{player} (komputer, {level}) gra: {action}. {reason}",
    },
    "thinking_about": {
        "en": "{player} (computer, {level}) is thinking… {done} (budget: {budget})",
        "pl": "{player} (komputer, {level}) myśli… {done} (limit {budget})",
    },
    "hint_thinking": {
        "en": "Looking for a hint for {player}… {done} (budget: {budget})",
        "pl": "Szukam podpowiedzi dla gracza {player}… {done} (limit {budget})",
    },
    "budget_iterations": {"en": "{n} iterations", "pl": "iteracji: {n}"},
    "budget_seconds": {"en": "{s} s", "pl": "{s} s"},
    "budget_both": {
        "en": "{n} iterations or {s} s",
        "pl": "iteracji: {n} lub {s} s",
    },
    "hint": {"en": "Hint", "pl": "Podpowiedź"},
    "hint_tip": {
        "en": "Suggest an action for the player to move (key H); drawn in magenta on the board.",
        "pl": "Podpowiada akcję graczowi na ruchu (klawisz H); zaznaczona na planszy na purpurowo.",
    },
    "hint_says": {
        "en": "Hint for {player}: {action} (estimated chance to win afterwards: {chance} %). "
        "{reason}",
        "pl": "Podpowiedź dla gracza {player}: {action} (szacowana szansa na wygraną potem: "
        "{chance} %). {reason}",
    },
    "hints_off": {
        "en": "Hints are switched off for this board.",
        "pl": "Podpowiedzi są na tej planszy wyłączone.",
    },
    "hint_not_now": {
        "en": "No hint now: it is not a person's turn, or the game is over.",
        "pl": "Teraz bez podpowiedzi: na ruchu nie jest człowiek albo gra się skończyła.",
    },
    "hint_caption": {"en": "hint: {action}", "pl": "podpowiedź: {action}"},
    "watch_play": {"en": "▶ Play", "pl": "▶ Graj"},
    "watch_pause": {"en": "▮▮ Pause", "pl": "▮▮ Pauza"},
    "watch_step": {"en": "Step ▶|", "pl": "Krok ▶|"},
    "speed": {"en": "Speed", "pl": "Tempo"},
    "speed_slow": {"en": "slow", "pl": "wolno"},
    "speed_normal": {"en": "normal", "pl": "zwykle"},
    "speed_fast": {"en": "fast", "pl": "szybko"},
    "speed_fastest": {"en": "fastest", "pl": "najszybciej"},
    "watch_welcome": {
        "en": "Every seat is a computer player: press Play to watch the game, Step for one "
        "action, Pause to stop and look.",
        "pl": "Przy każdym miejscu gra komputer: „Graj” pokazuje partię, „Krok” jedną akcję, "
        "„Pauza” zatrzymuje, by się przyjrzeć.",
    },
    "watch_only": {
        "en": "Every seat is a computer player: use Play or Step.",
        "pl": "Przy każdym miejscu gra komputer: użyj przycisku „Graj” lub „Krok”.",
    },
    "paused": {"en": "Paused.", "pl": "Wstrzymano."},
    "review": {"en": "Review", "pl": "Analiza"},
    "review_tip": {
        "en": "Each player's chance to win over the game; click a point to go to that move.",
        "pl": "Szansa każdego gracza na wygraną w trakcie gry; kliknij punkt, aby przejść do "
        "tego ruchu.",
    },
    "reviewing": {
        "en": "Reviewing {moves} move(s), {n} iterations per position…",
        "pl": "Analiza ruchów: {moves}, iteracji na pozycję: {n}…",
    },
    "review_empty": {
        "en": "Nothing to review yet: no move has been played.",
        "pl": "Nie ma jeszcze czego analizować: nie zagrano żadnego ruchu.",
    },
    "review_start": {
        "en": "Start of the game. Click a point of the chart to go to that move.",
        "pl": "Początek gry. Kliknij punkt wykresu, aby przejść do tego ruchu.",
    },
    "review_move": {
        "en": "Move {index}: {player} plays {action}; {player}'s chance to win {before} % → "
        "{after} %.",
        "pl": "Ruch {index}: {player} gra: {action}; szansa gracza na wygraną {before} % → "
        "{after} %.",
    },
    "review_mistake": {
        "en": "A mistake: {better} was better ({chance} %). {reason}",
        "pl": "Błąd: lepszy ruch to {better} ({chance} %). {reason}",
    },
    # ---------------------------------------------------------------- tour
    "chapter": {"en": "Chapter", "pl": "Rozdział"},
    "first": {"en": "◀◀", "pl": "◀◀"},
    "prev": {"en": "◀ Back", "pl": "◀ Wstecz"},
    "next": {"en": "Next ▶", "pl": "Dalej ▶"},
    "last": {"en": "▶▶", "pl": "▶▶"},
    "main_line": {"en": "Main line", "pl": "Linia główna"},
    "promote": {"en": "Promote", "pl": "Awansuj"},
    "delete": {"en": "Delete variation", "pl": "Usuń wariant"},
    "step_of": {"en": "Step {k} of {n}", "pl": "Krok {k} z {n}"},
    "start_position": {"en": "Start position", "pl": "Pozycja startowa"},
    "refused": {"en": "Refused", "pl": "Odmowa"},
    "in_main": {
        "en": "Main line. Play on the board to try something else from here.",
        "pl": "Linia główna. Zagraj na planszy, aby sprawdzić inny ruch od tego miejsca.",
    },
    "in_variation": {
        "en": "Variation {index} from step {k}, {ply} action(s) in. Main line returns.",
        "pl": "Wariant {index} od kroku {k}, akcji: {ply}. „Linia główna” wraca do przykładu.",
    },
    "variation_caption": {"en": "variation from step {k}", "pl": "wariant od kroku {k}"},
    "rules_here": {"en": "Rules in this step", "pl": "Zasady w tym kroku"},
    "reference": {"en": "Rules reference", "pl": "Zasady gry"},
    # ---------------------------------------------------------------- checker
    "play": {"en": "Play", "pl": "Gra"},
    "edit": {"en": "Edit", "pl": "Edycja"},
    "master": {"en": "master", "pl": "Mistrz"},
    "pair": {"en": "master + student", "pl": "Mistrz + Uczeń"},
    "empty": {"en": "empty", "pl": "puste"},
    "what_if": {"en": "What happens if...", "pl": "Co się stanie, jeśli..."},
    "play_it": {"en": "Play it", "pl": "Zagraj"},
    "back": {"en": "Back to the position", "pl": "Wróć do pozycji"},
    "load": {"en": "Load", "pl": "Wczytaj"},
    "string": {"en": "Position string", "pl": "Zapis pozycji"},
    "json": {"en": "Position JSON", "pl": "Pozycja w JSON"},
    "edited": {"en": "Edited: {what}.", "pl": "Zmieniono: {what}."},
    "loaded": {"en": "Position loaded.", "pl": "Wczytano pozycję."},
    "none": {"en": "(no legal action of this kind)", "pl": "(brak dozwolonych akcji tego rodzaju)"},
    "all": {"en": "all", "pl": "wszystkie"},
    "restored": {"en": "restored", "pl": "odbudowany"},
    "broken": {"en": "broken", "pl": "zerwany"},
    "situation": {"en": "situation", "pl": "sytuacja"},
    # ---- h1-board
    "presenter": {"en": "Presenter", "pl": "Prezentacja"},
    "presenter_tip": {
        "en": "A large board and large letters, to show to a room",
        "pl": "Duża plansza i duże litery, do pokazywania całej sali",
    },
    "action_box": {"en": "Action", "pl": "Akcja"},
    "action_box_tip": {
        "en": "Type an action and press Enter, e.g. journey A B (it offers the legal actions)",
        "pl": "Wpisz akcję i naciśnij Enter, np. journey A B (podpowiada dozwolone akcje)",
    },
    "action_box_placeholder": {"en": "e.g. journey A B", "pl": "np. journey A B"},
    "describe": {"en": "Describe the board", "pl": "Opis planszy"},
}


def ui_text(key: str, lang: Language, **params: object) -> str:
    """The widget sentence ``key`` in ``lang``, filled with ``params``."""
    return UI_TEXT[key][lang].format(**params)

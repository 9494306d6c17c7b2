"""The exercises' sentences, in English and Polish (questions, options, what was misread)."""

from __future__ import annotations

from typing import Final

from shangrila_widget.rules.messages import COLOUR_NAMES, TYPE_NAMES, Language

WORDS: Final[dict[str, dict[Language, str]]] = {
    "q_what_happens": {
        "en": "{player} plays: {action}. What happens?",
        "pl": "Na ruchu: {player}. Ruch: {action}. Co się stanie?",
    },
    "q_stronger": {
        "en": "{player} sends the students of {origin} to {destination}. Which village is "
        "stronger, and by which rule?",
        "pl": "Na ruchu: {player}. Uczniowie z wioski {origin} ruszają do wioski "
        "{destination}. Która wioska jest silniejsza i na mocy której zasady?",
    },
    "q_legal": {
        "en": "{player} to move. Is this legal: {action}?",
        "pl": "Na ruchu: {player}. Czy ten ruch jest dozwolony: {action}?",
    },
    "q_who_wins": {
        "en": "The game is over. Who wins?",
        "pl": "Gra się skończyła. Kto wygrywa?",
    },
    "o_stronger_JOURNEY-STRENGTH": {
        "en": "{village} is stronger, by strength",
        "pl": "Silniejsza jest wioska {village}, bo ma większą siłę",
    },
    "o_stronger_JOURNEY-TIE-MASTERS": {
        "en": "{village} is stronger: equal strength, more masters",
        "pl": "Silniejsza jest wioska {village}: siła równa, więcej Mistrzów",
    },
    "o_stronger_JOURNEY-TIE-DEFENDER": {
        "en": "{village} is stronger: a full tie",
        "pl": "Silniejsza jest wioska {village}: pełny remis",
    },
    "q_find_journey": {
        "en": "{player} to move. Find the journey that drives {colour} out of village "
        "{village}: no master of {colour} is left there.",
        "pl": "Na ruchu: {player}. Znajdź podróż, po której w wiosce {village} nie zostanie "
        "żaden Mistrz gracza: {colour}.",
    },
    "o_action": {"en": "{action}", "pl": "{action}"},
    "o_legal": {"en": "Legal", "pl": "Dozwolony"},
    "o_refused": {
        "en": "Refused: {rule_title}",
        "pl": "Niedozwolony: {rule_title}",
    },
    "o_winners": {"en": "{names}", "pl": "{names}"},
    "o_shared": {"en": "{names} share the win", "pl": "{names} wygrywają wspólnie"},
    "in_village": {"en": "in {village}: {spaces}", "pl": "w wiosce {village}: {spaces}"},
    "space_master": {"en": "{type} {colour} master", "pl": "{type} – Mistrz ({colour})"},
    "space_pair": {
        "en": "{type} {colour} master with student",
        "pl": "{type} – Mistrz z Uczniem ({colour})",
    },
    "space_empty": {"en": "{type} empty", "pl": "{type} – puste"},
    "bridge_falls": {"en": "bridge {bridge} falls", "pl": "most {bridge} upada"},
    "bridge_stays": {"en": "bridge {bridge} stays", "pl": "most {bridge} zostaje"},
    "new_stones": {"en": "a stone on {villages}", "pl": "Kamień Mędrców na: {villages}"},
    "tiles_lost": {"en": "tiles sent back are lost", "pl": "zwrócone żetony przepadają"},
    "to_supply": {"en": "back to supply: {tiles}", "pl": "wracają do zapasu: {tiles}"},
    "lost_tiles": {"en": "out of the game: {tiles}", "pl": "odpadają z gry: {tiles}"},
    "tile_count": {"en": "{colour} {type} ×{count}", "pl": "{type} ({colour}) ×{count}"},
    "game_ends": {"en": "the game ends", "pl": "gra się kończy"},
    "nothing_changes": {"en": "nothing changes in {village}", "pl": "w wiosce {village} bez zmian"},
    # What each misreading gets wrong, said after a wrong answer.
    "m_strength-masters-only": {
        "en": "Only masters were counted. A village's strength is every tile in it, students "
        "included.",
        "pl": "Policzono tylko Mistrzów. Siła wioski to wszystkie jej żetony, także Uczniowie.",
    },
    "m_travellers-not-counted": {
        "en": "The travellers were left out of the start village. Strengths are compared "
        "before anything moves, with the travellers still at home.",
        "pl": "Pominięto podróżnych w wiosce startowej. Siły porównuje się, zanim cokolwiek "
        "się ruszy, licząc podróżnych jeszcze w wiosce startowej.",
    },
    "m_tie-to-start": {
        "en": "The tie was given to the start village. When strength and masters are equal, "
        "the destination is stronger.",
        "pl": "Remis przyznano wiosce startowej. Przy równej sile i równej liczbie Mistrzów "
        "silniejsza jest wioska docelowa.",
    },
    "m_no-masters-tiebreak": {
        "en": "The masters tie-break was skipped. On equal strength, the village with more "
        "masters is stronger; only then does the destination win.",
        "pl": "Pominięto rozstrzygnięcie przez Mistrzów. Przy równej sile silniejsza jest "
        "wioska z większą liczbą Mistrzów; dopiero przy ich równości wygrywa wioska docelowa.",
    },
    "m_only-own-students-travel": {
        "en": "Only the mover's students travelled. Every student in the start village "
        "travels, whatever its colour.",
        "pl": "Podróżowali tylko Uczniowie gracza na ruchu. Podróżują wszyscy Uczniowie z "
        "wioski startowej, każdego koloru.",
    },
    "m_empty-space-bounces": {
        "en": "A traveller bounced off an empty space. A traveller that finds its space "
        "empty becomes a master there, even when the destination is stronger.",
        "pl": "Podróżny odbił się od pustego pola. Podróżny, który zastaje puste pole, "
        "zostaje tam Mistrzem, nawet gdy wioska docelowa jest silniejsza.",
    },
    "m_bridge-stays": {
        "en": "The bridge was left standing. After every journey the bridge crossed falls.",
        "pl": "Most został na miejscu. Po każdej podróży przekroczony most upada.",
    },
    "m_one-stone-only": {
        "en": "Only one stone was placed. Each village left without a bridge gets a stone: "
        "one journey can place two.",
        "pl": "Położono tylko jeden kamień. Każda wioska bez mostu dostaje Kamień Mędrców: "
        "jedna podróż może położyć dwa.",
    },
    "m_end-at-eleven": {
        "en": "The game was ended at the 11th stone. It ends only when the last bridge falls.",
        "pl": "Grę zakończono po 11. kamieniu. Kończy się dopiero, gdy upada ostatni most.",
    },
    "m_tiles-lost": {
        "en": "Tiles sent back were thrown away. They go back to their owner's supply and can "
        "be played again.",
        "pl": "Zwrócone żetony uznano za stracone. Wracają do zapasu właściciela i można ich "
        "użyć ponownie.",
    },
    "m_recruit-during-setup": {
        "en": "Something other than a placement was tried during set-up. Until every player "
        "has placed seven masters, placing a master is the only action.",
        "pl": "Podczas rozmieszczania spróbowano czegoś innego niż umieszczenie Mistrza. Dopóki "
        "każdy nie umieści siedmiu Mistrzów, to jedyna możliwa akcja.",
    },
    "m_village-c-in-play": {
        "en": "Village C was taken to be in play. With three players it is out of the game "
        "from the start.",
        "pl": "Uznano, że wioska C jest w grze. Przy trzech graczach od początku jest "
        "wyłączona z gry.",
    },
    "m_setup-repeat-type": {
        "en": "A type was placed twice during set-up. Each player's seven set-up masters are "
        "one of each type.",
        "pl": "Podczas rozmieszczania ten sam typ położono dwa razy. Siedmiu Mistrzów z "
        "rozmieszczania to po jednym każdego typu.",
    },
    "m_place-on-taken-space": {
        "en": "A master was put on a space already taken. A new master needs the empty space "
        "of its type.",
        "pl": "Mistrza położono na zajętym polu. Nowy Mistrz potrzebuje pustego pola swojego typu.",
    },
    "m_peace-ignored": {
        "en": "A village at peace was played in. Nothing may be done in a village with a stone.",
        "pl": "Zagrano w wiosce, w której panuje pokój. W wiosce z Kamieniem Mędrców nic nie "
        "wolno robić.",
    },
    "m_supply-unlimited": {
        "en": "A tile was taken that the supply does not have. Every tile placed comes from "
        "the player's own supply of that type.",
        "pl": "Sięgnięto po żeton, którego nie ma w zapasie. Każdy kładziony żeton pochodzi z "
        "zapasu gracza, tego samego typu.",
    },
    "m_recruit-on-any-master": {
        "en": "A student was put where the player has no master of that type. Students go "
        "only onto the player's own masters of the same type.",
        "pl": "Ucznia położono tam, gdzie gracz nie ma Mistrza tego typu. Uczniowie trafiają "
        "tylko na własnych Mistrzów tego samego typu.",
    },
    "m_same-type-twice-refused": {
        "en": "Two students of one type were thought illegal. They are fine on two different "
        "masters, in two villages.",
        "pl": "Dwóch Uczniów jednego typu uznano za niedozwolonych. Wolno ich położyć na dwóch "
        "różnych Mistrzach w dwóch wioskach.",
    },
    "m_journey-over-fallen-bridge": {
        "en": "Students were sent over a fallen bridge. A journey needs an intact bridge.",
        "pl": "Uczniów wysłano przez zniszczony most. Podróż wymaga całego mostu.",
    },
    "m_pass-any-time": {
        "en": "A pass was thought allowed. A player may pass only when nothing else is legal.",
        "pl": "Uznano, że można spasować. Pas jest dozwolony tylko wtedy, gdy nic innego nie "
        "jest możliwe.",
    },
    "m_place-without-presence": {
        "en": "A master was placed where the player had none. After set-up, a new master "
        "needs one of the player's masters in that village already.",
        "pl": "Mistrz trafił tam, gdzie gracz nie ma żadnego. Po rozmieszczaniu nowy Mistrz "
        "wymaga obecności Mistrza gracza w tej wiosce.",
    },
    "m_two-students-one-master": {
        "en": "Two students were put on one master. A master holds one student at most.",
        "pl": "Na jednym Mistrzu położono dwóch Uczniów. Mistrz może mieć najwyżej jednego Ucznia.",
    },
    "m_setup-caps-ignored": {
        "en": "The set-up limits were ignored. During set-up a village takes only so many "
        "tiles of one colour and in all.",
        "pl": "Pominięto limity rozmieszczania. Podczas rozmieszczania wioska przyjmuje "
        "ograniczoną liczbę żetonów jednego koloru i w ogóle.",
    },
    "m_master-alone-starts-journey": {
        "en": "A journey was started with a master alone. The mover needs a student of their "
        "own in the start village.",
        "pl": "Podróż zaczęto z samym Mistrzem. Gracz musi mieć w wiosce startowej własnego "
        "Ucznia.",
    },
    "m_futile-journey-refused": {
        "en": "A journey that gains nothing was thought illegal. It is legal: every student "
        "still travels, and the bridge still falls.",
        "pl": "Podróż bez zysku uznano za niedozwoloną. Jest dozwolona: Uczniowie i tak "
        "podróżują, a most i tak upada.",
    },
    "m_most-villages-wins": {
        "en": "The winner was taken to be who holds the most villages. Most masters wins; "
        "villages only break a tie.",
        "pl": "Za zwycięzcę uznano gracza w największej liczbie wiosek. Wygrywa najwięcej "
        "Mistrzów; wioski rozstrzygają tylko remis.",
    },
    "m_students-score": {
        "en": "Students were counted in the score. Only masters count.",
        "pl": "Uczniów doliczono do wyniku. Liczą się tylko Mistrzowie.",
    },
    "m_no-village-tiebreak": {
        "en": "A tie on masters was called shared. The player with masters in more villages "
        "wins it.",
        "pl": "Remis w liczbie Mistrzów uznano za wspólną wygraną. Wygrywa gracz z Mistrzami "
        "w większej liczbie wiosek.",
    },
}


def words(key: str, lang: Language, **params: object) -> str:
    """One sentence in ``lang`` with its parameters filled in.

    >>> words("o_legal", "pl")
    'Dozwolony'
    """
    check_language(lang)
    return WORDS[key][lang].format(**params)


def check_language(lang: object) -> None:
    """Refuse anything but ``"en"`` and ``"pl"`` with a ValueError naming it."""
    if lang not in ("en", "pl"):
        raise ValueError(f"unknown language {lang!r}: expected 'en' or 'pl'")


def colour_name(colour: str, lang: Language) -> str:
    """The colour's name in ``lang`` (nominative)."""
    return COLOUR_NAMES[lang][colour]


def type_name(master_type: str, lang: Language) -> str:
    """The master type's name in ``lang`` (nominative)."""
    return TYPE_NAMES[lang][master_type]


__all__ = ["WORDS", "check_language", "colour_name", "type_name", "words"]

"""Find every action in a message's own text, for every game the referee runs.

Each sentence first meets each game's cheap ``looks_like_action`` test; only sentences
that pass reach that game's LALR parser. A sentence that one game parses becomes that
game's actions. A sentence that looked like an action of a game the author plays, but that
no grammar accepts, is reported as not understood with the forms that game understands.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from referee.errors import UnreadableValue
from referee.games.base import Action, Game, SourceText
from referee.games.tabled.actions import TableIntent
from referee.parsing.grammars import SentenceSyntaxError, SyntaxProblem, parse_sentence
from referee.parsing.normalise import Reading, hedged, prepare, readings
from referee.parsing.openers import (
    set_aside_neutral_opener,
    split_condition,
    trailing_condition,
)
from referee.parsing.sentences import Sentence, split_sentences


@dataclass(frozen=True)
class FoundAction:
    game: str
    action: Action


@dataclass(frozen=True)
class NotUnderstood:
    sentence: Sentence
    games: tuple[str, ...]
    expected: tuple[str, ...]
    problem: str


@dataclass(frozen=True)
class ParseResult:
    actions: list[FoundAction] = field(default_factory=list)
    not_understood: list[NotUnderstood] = field(default_factory=list)


def _closest_examples(game: Game[Any], sentence: str) -> tuple[str, ...]:
    """The canonical forms sharing a word with the sentence (all of them if none does)."""
    words = {w.casefold().strip(",.") for w in sentence.split()} - {"i", "a", "the", "my", "to"}
    related = tuple(
        e for e in game.examples if words & {w.casefold().strip(",.") for w in e.split()}
    )
    return related or game.examples


def _describe(problem: SyntaxProblem) -> str:
    return f"the words stop making sense at {problem.found!r} (column {problem.column})"


def find_actions(
    games: Sequence[Game[Any]],
    lines: Iterable[tuple[int, str]],
    plays: Mapping[str, bool],
    *,
    private: bool = False,
    quoted: Iterable[tuple[int, str]] = (),
    replied: Callable[[], Sequence[tuple[int, str]]] | None = None,
) -> ParseResult:
    """Find actions in the author's numbered lines.

    ``plays`` tells, per game name, whether the author takes part; when several games of one
    kind run, an action goes to the one the author plays (or is reported as ambiguous).
    ``private`` says the lines came in a private mail to the referee. ``quoted`` are the
    message's quoted lines: never performed, they tell which intent a bare "I support."
    answers and which action "As do I." repeats. ``replied`` gives, when asked, the own
    lines of the message the mail replies to (looked up only for such a sentence), read
    when the quoted text holds no action.
    """
    result = ParseResult()
    by_grammar: dict[str, list[Game[Any]]] = {}
    for game in games:
        by_grammar.setdefault(game.grammar, []).append(game)
    previous: list[FoundAction] = []
    previous_sentence: Sentence | None = None
    correcting = False
    retraction: Sentence | None = None  # "Actually, no." with no action after it (yet)
    replied_to = _Replied(games, quoted, plays, replied)
    for written in split_sentences(lines):
        if len(result.actions) >= MESSAGE_ACTION_LIMIT:
            _report_over_limit(written, by_grammar, plays, result)
            break
        if len(written.text) > SENTENCE_LIMIT:
            _report_too_long(written, by_grammar, result)
            continue
        sentence = set_aside_neutral_opener(written)
        conditional = split_condition(sentence)
        if conditional is not None:
            _report_condition(written, *conditional, by_grammar, result)
            continue
        if sentence.question:
            _report_question(sentence, by_grammar, plays, result)
            continue
        response = _BARE_RESPONSE.match(sentence.text)
        if response is not None:
            replied_to.answer(sentence, response.group("verb"), by_grammar, plays, result)
            continue
        if _ECHO.match(sentence.text):
            replied_to.echo(sentence, plays, result)
            continue
        corrected = _correction(sentence)
        if corrected is not None:
            if not corrected.text:
                correcting = True  # "Actually, no." and the correction in the next sentence
                retraction = sentence if previous else None
                continue
            sentence, correcting = corrected, True
        before, told = len(result.actions), len(result.not_understood)
        _find_in_sentence(sentence, by_grammar, plays, result, private)
        found = result.actions[before:]
        if not found and corrected is not None and previous:
            # "Actually, make that (2, 3).": the previous sentence with its place replaced.
            found = _correct_argument(
                previous_sentence, sentence, result, before, by_grammar, plays, private
            )
            if found:
                del result.not_understood[told:]
            elif _take_back_on_unread_correction(sentence, previous, by_grammar, result, told):
                previous, correcting = [], False
                continue
        if not found and corrected is None and previous_sentence is not None:
            # "I claim (7, 2). Then I build a Farm there.": the one place named before.
            found = _there(
                previous_sentence, sentence, result, before, told, by_grammar, plays, private
            )
        placed = _PLACE_ALONE.match(sentence.text) is not None
        if placed and not found and previous and len(result.not_understood) == told:
            # "I claim (2, 5); (2, 6).": another claim, or a correction? Asked.
            _take_back(sentence, previous, result, _PLACE_ALONE_AFTER)
            previous, correcting = [], False
            continue
        if not found:
            continue
        if correcting:
            _replace_corrected(result, previous, found)
        previous, previous_sentence, correcting, retraction = found, sentence, False, None
    if retraction is not None and previous:
        # "I place a tile at D4. Actually, no." and nothing after: the author took it back.
        _take_back(retraction, previous, result, "it takes back the action before it")
    return result


# "Actually, no: I play f7 instead.": the author takes back the action just announced.
_CORRECTION = re.compile(
    r"^(?:(?:actually|correction|wait|sorry|oops|no|rather|scratch\s+that|make\s+that|"
    r"edit(?:ed)?|update|typo|amendment|"
    r"i\s+mean|i\s+meant(?:\s+to\s+(?:say|write))?|change\s+of\s+plan|on\s+second\s+thought)\b"
    r"[\s,:;!.\-\u2013\u2014]*)+",
    re.IGNORECASE,
)
_INSTEAD = re.compile(r"[\s,]+instead$", re.IGNORECASE)


# "I support.", "Support.", "I object to this.": an answer to the intent quoted above it.
_BARE_RESPONSE = re.compile(
    r"^(?:I\s+(?:hereby\s+)?)?(?P<verb>support(?:ed)?|object(?:ion)?|withdraw\s+my\s+"
    r"(?:support|objection))"
    r"(?:\s+(?:to|for|from)?\s*(?:this|that|it)(?:\s+intent(?:ion)?)?)?[\s!.]*$",
    re.IGNORECASE,
)


# "As do I.", "Me too.", "Same.": the action of the message replied to, for the author.
_ECHO = re.compile(
    r"^(?:(?:and\s+)?(?:as|so)\s+do\s+I(?:\s+too)?|me\s+too|same(?:\s+here|\s+for\s+me)?|"
    r"ditto|likewise|I\s+too|I\s+do\s+(?:too|the\s+same|likewise))[\s!.]*$",
    re.IGNORECASE,
)
# The words an answer adds to the form an action was read as (see ``_echo``).
_ECHOED = re.compile(r"\s\((?:read from|replaces): .*\)$", re.DOTALL)
# An action that names no intent or thing of its own: the replier's would be another one.
_IMPLICIT = re.compile(r"\b(?:do\s+so|perform\s+it|do\s+it)\b", re.IGNORECASE)


class _Replied:
    """What a reply answers: the actions in the message's quoted text, or else (when the
    quoted text holds none) those of the message it replies to, found on first need.

    A bare "I support." answers the one intent tabled there; "As do I." repeats the one
    action announced there, as the author's own."""

    def __init__(
        self,
        games: Sequence[Game[Any]],
        quoted: Iterable[tuple[int, str]],
        plays: Mapping[str, bool],
        replied: Callable[[], Sequence[tuple[int, str]]] | None,
    ) -> None:
        self.games = games
        self.quoted = list(quoted)
        self.plays = plays
        self.replied = replied
        self._found: list[FoundAction] | None = None

    def found(self) -> list[FoundAction]:
        """The actions answered."""
        if self._found is None:
            actions: list[FoundAction] = []
            if self.quoted:
                actions = find_actions(self.games, self.quoted, self.plays).actions
            if not actions and self.replied is not None:
                original = self.replied()
                if original:
                    actions = find_actions(self.games, original, self.plays).actions
            self._found = actions
        return self._found

    def intents(self) -> list[tuple[str, str]]:
        """(game name, the intended action's words) of each intent answered."""
        return [
            (item.game, item.action.action.source.text)
            for item in self.found()
            if isinstance(item.action, TableIntent)
        ]

    def answer(
        self,
        sentence: Sentence,
        verb: str,
        by_grammar: Mapping[str, list[Game[Any]]],
        plays: Mapping[str, bool],
        result: ParseResult,
    ) -> None:
        intents = self.intents()
        if not intents:
            return  # an answer to something outside the games: not ours
        words = verb.casefold().split()
        response = "support" if words[0].startswith("support") else "object to"
        if words[0] == "withdraw":
            response = (
                "withdraw my support for" if words[-1] == "support" else "withdraw my objection to"
            )
        forms = tuple(f"I {response} the intent to {act}" for _, act in intents)
        if len(intents) == 1:
            game = next(g for g in self.games if g.name == intents[0][0])
            try:
                tree = parse_sentence(game.grammar, forms[0])
            except SentenceSyntaxError:
                pass
            else:
                reading = Reading(forms[0])
                _take(sentence, reading, tree, by_grammar[game.grammar], plays, result)
                return
        result.not_understood.append(
            NotUnderstood(
                sentence,
                tuple(dict.fromkeys(name for name, _ in intents)),
                forms,
                f"it answers an intent, but the message it answers holds {len(intents)} "
                "intents; say which one you mean",
            )
        )

    def echo(self, sentence: Sentence, plays: Mapping[str, bool], result: ParseResult) -> None:
        """ "As do I.": the one action answered, performed by the author as eir own."""
        actions = self.found()
        if not actions:
            return  # agreeing with prose: nothing to perform
        games = {g.name: g for g in self.games}
        forms = tuple(dict.fromkeys(_own_form(item.action.source.text) for item in actions))
        names = tuple(dict.fromkeys(item.game for item in actions))
        if any(games[item.game].is_secret_move(item.action) for item in actions):
            result.not_understood.append(
                NotUnderstood(
                    sentence,
                    names,
                    (),
                    "it repeats a secret move, and a move is never made by repeating "
                    "another's; mail your own move privately to the referee",
                )
            )
            return
        if len(actions) > 1 or _IMPLICIT.search(forms[0]):
            why = (
                f"the message it answers holds {len(actions)} actions"
                if len(actions) > 1
                else "the action it repeats names no intent of its own"
            )
            result.not_understood.append(
                NotUnderstood(
                    sentence,
                    names,
                    forms,
                    f"it repeats another's action, but {why}, so nothing was done; write "
                    "the action you perform",
                )
            )
            return
        game = games[actions[0].game]
        try:
            tree = parse_sentence(game.grammar, forms[0])
        except SentenceSyntaxError:
            result.not_understood.append(
                NotUnderstood(sentence, names, forms, "write the action you perform")
            )
            return
        _take(sentence, Reading(forms[0]), tree, [game], plays, result)


def _own_form(text: str) -> str:
    """The form an action was read as, without the words its echo adds, as a sentence."""
    form = _ECHOED.sub("", text).strip()
    return form if re.match(r"^I\b", form) else f"I {form}"


def _correction(sentence: Sentence) -> Sentence | None:
    """The sentence without its correcting words, if it corrects the previous action."""
    opening = _CORRECTION.match(sentence.text)
    text = sentence.text[opening.end() :] if opening else sentence.text
    closing = _INSTEAD.search(text)
    if opening is None and closing is None:
        return None
    if closing is not None:
        text = text[: closing.start()]
    skipped = len(sentence.text) - len(sentence.text[opening.end() :]) if opening else 0
    return replace(sentence, text=text.strip(), column=sentence.column + skipped)


def _replace_corrected(
    result: ParseResult, previous: Sequence[FoundAction], found: Sequence[FoundAction]
) -> None:
    """Drop the previous sentence's actions of the kinds the correction performs, and say
    so in the correction's echo."""
    kinds = {(item.game, type(item.action)) for item in found}
    dropped = [item for item in previous if (item.game, type(item.action)) in kinds]
    if not dropped:
        return
    for item in dropped:
        result.actions.remove(item)
    replaced = "; ".join(item.action.source.text for item in dropped)
    for index, item in enumerate(result.actions):
        if item in found:
            source = item.action.source
            echo = SourceText(f"{source.text} (replaces: {replaced})", source.line, source.column)
            result.actions[index] = FoundAction(item.game, replace(item.action, source=echo))


SENTENCE_LIMIT = 1000
"""Characters in the longest sentence read for actions. Every action of every game fits in
a fifth of it; a longer sentence is a run-on list or an attack on the reader (the work of
reading a sentence grows faster than its length), and is reported, never read."""


MESSAGE_ACTION_LIMIT = 200
"""Actions read from one message (rulings P5a). Each action costs work on the whole state
of its game, so a message of thousands of actions would hold the referee up for minutes;
no message of the games' history comes near this."""


def _report_over_limit(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
) -> None:
    """The message's first sentence after its limit of actions: it and everything after it
    is left unread, and the author is told where reading stopped."""
    games = tuple(g.name for gs in by_grammar.values() for g in gs if plays.get(g.name, False))
    head = sentence.text[:SENTENCE_LIMIT]
    result.not_understood.append(
        NotUnderstood(
            replace(sentence, text=head),
            games,
            (),
            f"the message already holds {MESSAGE_ACTION_LIMIT} actions, as many as one "
            "message may, so neither this sentence nor anything after it was read or done; "
            "send the rest in another message",
        )
    )


def _report_too_long(
    sentence: Sentence, by_grammar: Mapping[str, list[Game[Any]]], result: ParseResult
) -> None:
    """A sentence too long to read: if its start looks like an action of any game (the
    author may be joining it), say that nothing in it was done, and why."""
    head = sentence.text[:SENTENCE_LIMIT]
    games = [
        game
        for candidates in by_grammar.values()
        if candidates[0].looks_like_action(head)
        for game in candidates
    ]
    if not games:
        return
    result.not_understood.append(
        NotUnderstood(
            replace(sentence, text=head.rstrip() + " \u2026"),
            tuple(g.name for g in games),
            (),
            f"the sentence is {len(sentence.text)} characters long, longer than any action "
            f"({SENTENCE_LIMIT} at most), so nothing in it was done; write each action as a "
            "sentence of its own",
        )
    )


def _report_question(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
) -> None:
    """A question is asked, not announced: never performed; if it reads as one of the
    games' actions and its author plays that game, say why nothing was done."""
    for candidates in by_grammar.values():
        game = candidates[0]
        if not game.looks_like_action(sentence.text):
            continue
        if not any(plays.get(g.name, False) for g in candidates):
            continue
        result.not_understood.append(
            NotUnderstood(
                sentence,
                tuple(g.name for g in candidates),
                _closest_examples(game, sentence.text),
                "it is asked as a question, so nothing was done; to act, announce the "
                "action as a statement",
            )
        )
        return


def _report_condition(
    written: Sentence,
    condition: str,
    governed: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    result: ParseResult,
) -> None:
    """A conditional action is never performed; if it is one of ours, say why not."""
    games = [
        game
        for candidates in by_grammar.values()
        if candidates[0].looks_like_action(governed.text)
        for game in candidates
    ]
    if not games:
        return
    result.not_understood.append(
        NotUnderstood(
            written,
            tuple(g.name for g in games),
            (),
            _conditional(condition),
        )
    )


def _find_in_sentence(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
    *,
    split: bool = True,
) -> None:
    if _heading(sentence.text, by_grammar):
        return  # "In Okinawa:", "Arcadia:" above a list: the list's items are read
    named = _named_game(sentence, by_grammar)
    if named is not None:
        sentence, by_grammar = named
    problems: list[tuple[Game[Any], SyntaxProblem]] = []
    parsed: list[tuple[list[Game[Any]], Any]] = []
    for grammar, candidates in by_grammar.items():
        representative = candidates[0]
        # A sentence the author gave to a game by name is that game's to read or report.
        if named is None and not representative.looks_like_action(sentence.text):
            continue
        try:
            tree = parse_sentence(grammar, sentence.text)
        except SentenceSyntaxError as error:
            problems.append((representative, error.problem))
            continue
        parsed.append((candidates, tree))
    if parsed:
        _take_one_game(sentence, parsed, plays, result)
        return
    # No grammar accepted the sentence as written: offer each one the sentence with the
    # words that change nothing set aside (never a conditional one: it is reported below).
    verbs = frozenset(verb for games in by_grammar.values() for verb in games[0].lexicon.verbs)
    prepared = prepare(sentence.text, verbs) if trailing_condition(sentence.text) is None else None
    if prepared is not None:
        tried = {game.grammar for game, _ in problems}
        for grammar, candidates in by_grammar.items():
            representative = candidates[0]
            lexicon = representative.lexicon
            looks = representative.looks_like_action
            for reading in readings(sentence.text, prepared, lexicon, looks, private=private):
                if not looks(reading.text):
                    continue
                try:
                    tree = parse_sentence(grammar, reading.text)
                except SentenceSyntaxError as error:
                    if grammar not in tried:
                        tried.add(grammar)
                        problems.append((representative, error.problem))
                    continue
                _take(sentence, reading, tree, candidates, plays, result)
                return
    if private and not problems:
        problems = _private_attempts(sentence, by_grammar)
    # Only a sentence some game took for its own can hold two games' actions.
    if split and problems and _split_between_games(sentence, by_grammar, plays, result, private):
        return
    if split and problems and _split_sharing_verb(sentence, by_grammar, plays, result, private):
        return
    _report(sentence, by_grammar, plays, problems, result)


def _private_attempts(
    sentence: Sentence, by_grammar: Mapping[str, list[Game[Any]]]
) -> list[tuple[Game[Any], SyntaxProblem]]:
    """In a private mail to the referee, the games whose private attempts the sentence
    looks like ("e7 or e8, whichever is free"), with why the grammar did not read it: a
    secret move must always get an answer."""
    problems: list[tuple[Game[Any], SyntaxProblem]] = []
    for grammar, candidates in by_grammar.items():
        looks = candidates[0].lexicon.private_looks
        if not any(pattern.search(sentence.text) for pattern in looks):
            continue
        try:
            parse_sentence(grammar, sentence.text)
        except SentenceSyntaxError as error:
            problems.append((candidates[0], error.problem))
    return problems


# "I leave my alliance and become inactive": two games' actions joined by "and".
_AND_I = re.compile(r",?\s+and\s+(?:I\s+|then\s+)?", re.IGNORECASE)


def _split_between_games(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
) -> bool:
    """Read a sentence no grammar accepts whole as two actions of different games joined
    by "and", when each half alone is read whole; otherwise leave it to be reported."""
    if not sentence.text.lower().startswith("i "):
        return False
    for joint in _AND_I.finditer(sentence.text):
        halves = (
            replace(sentence, text=sentence.text[: joint.start()]),
            replace(
                sentence,
                text="I " + sentence.text[joint.end() :],
                column=sentence.column + joint.end(),
            ),
        )
        found: list[FoundAction] = []
        for half in halves:
            part = ParseResult()
            _find_in_sentence(half, by_grammar, plays, part, private, split=False)
            if part.not_understood or not part.actions:
                break
            found.extend(part.actions)
        else:
            if len({item.game for item in found}) > 1:
                result.actions.extend(found)
                return True
    return False


# "I leave Arcadia and the Arcadia contract": one verb, the objects of two games.
_SHARED_VERB = re.compile(r"^I\s+(?P<verb>[a-z]+)\s+(?:both\s+)?", re.IGNORECASE)
_AN_OBJECT = re.compile(r"(?:the|an?|my)\b", re.IGNORECASE)


def _split_sharing_verb(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
) -> bool:
    """Read a sentence whose one verb governs two objects of different games as that verb
    before each, when each is then read whole by a different game."""
    verb = _SHARED_VERB.match(sentence.text)
    if verb is None:
        return False
    for joint in _AND_I.finditer(sentence.text, verb.end()):
        rest = sentence.text[joint.end() :]
        if _AN_OBJECT.match(rest) is None:
            continue
        first = f"I {verb.group('verb')} {sentence.text[verb.end() : joint.start()]}"
        halves = (
            replace(sentence, text=first),
            replace(sentence, text=f"I {verb.group('verb')} {rest}"),
        )
        found: list[FoundAction] = []
        for half in halves:
            part = ParseResult()
            _find_in_sentence(half, by_grammar, plays, part, private, split=False)
            if part.not_understood or not part.actions:
                break
            found.extend(part.actions)
        else:
            if len({item.game for item in found}) > 1:
                result.actions.extend(found)
                return True
    return False


def _take_one_game(
    sentence: Sentence,
    parsed: Sequence[tuple[list[Game[Any]], Any]],
    plays: Mapping[str, bool],
    result: ParseResult,
) -> None:
    """The actions of a sentence that one or more games' grammars accept as written.

    Two games can share words (Okinawa's Stones and Arcadia's Stone, the intents of every
    game with tabled actions): when several grammars accept the sentence and the author
    plays in exactly one of those games, it is that game's; otherwise the referee asks
    which game is meant rather than guess.
    """
    if len(parsed) > 1:
        playing = [
            (candidates, tree)
            for candidates, tree in parsed
            if any(plays.get(g.name, False) for g in candidates)
        ]
        if len(playing) != 1:
            names = [g.name for candidates, _ in parsed for g in candidates]
            result.not_understood.append(
                NotUnderstood(
                    sentence,
                    tuple(names),
                    tuple(f"In {name}, {sentence.text}" for name in names),
                    f"it reads as an action of more than one game ({', '.join(names)}), "
                    "so nothing was done; say which game, beginning with its name",
                )
            )
            return
        parsed = playing
    ((candidates, tree),) = parsed
    _take(sentence, None, tree, candidates, plays, result)


# "In Okinawa, I play ...", "For the Arcadian Tournament: I ...": the game named first.
_NAMED_GAME = re.compile(r"^(?:in|for)\s+(?:the\s+)?(?P<name>[^,:;]+?)\s*[,:;]\s*", re.IGNORECASE)


def _named_game(
    sentence: Sentence, by_grammar: Mapping[str, list[Game[Any]]]
) -> tuple[Sentence, dict[str, list[Game[Any]]]] | None:
    """The sentence without the name of the game it opens with, and that game alone, when
    it opens with a configured game's name."""
    opening = _NAMED_GAME.match(sentence.text)
    if opening is None:
        return None
    wanted = opening.group("name").casefold()
    for grammar, candidates in by_grammar.items():
        chosen = [g for g in candidates if g.name.casefold() == wanted]
        if chosen:
            rest = sentence.text[opening.end() :]
            column = sentence.column + opening.end()
            return replace(sentence, text=rest, column=column), {grammar: chosen}
    return None


def _take(
    sentence: Sentence,
    reading: Reading | None,
    tree: Any,
    candidates: Sequence[Game[Any]],
    plays: Mapping[str, bool],
    result: ParseResult,
) -> None:
    """The actions of a sentence one grammar accepted (as written, or as ``reading``)."""
    text = sentence.text if reading is None else reading.text
    source = SourceText(text, sentence.line, sentence.column)
    chosen = _choose_game(candidates, plays)
    if chosen is None:
        names = ", ".join(g.name for g in candidates)
        result.not_understood.append(
            NotUnderstood(
                sentence,
                tuple(g.name for g in candidates),
                (),
                f"it could belong to more than one game ({names}); name the game",
            )
        )
        return
    try:
        actions = chosen.transform(tree, source)
    except UnreadableValue as error:
        # "I set the Iteration Date to 2027-13-45": read, but naming what cannot be.
        result.not_understood.append(
            NotUnderstood(sentence, (chosen.name,), _closest_examples(chosen, text), str(error))
        )
        return
    for action in actions:
        echoed = (
            action
            if reading is None
            else replace(action, source=_echo(action.source, sentence, reading))
        )
        result.actions.append(FoundAction(chosen.name, echoed))


def _echo(read_as: SourceText, sentence: Sentence, reading: Reading) -> SourceText:
    """The form an action was read as, with the author's words and what was set aside, so
    that the answer shows how e was read."""
    aside = f"; set aside: {reading.set_aside}" if reading.set_aside else ""
    return SourceText(
        f"{read_as.text} (read from: {sentence.text}{aside})", sentence.line, sentence.column
    )


def _report(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    problems: Sequence[tuple[Game[Any], SyntaxProblem]],
    result: ParseResult,
) -> None:
    reportable = [
        (game, problem)
        for game, problem in problems
        if any(plays.get(g.name, False) for g in by_grammar[game.grammar])
        or sentence.text.lstrip().lower().startswith(("i ", "i,"))
    ]
    if reportable:
        game, problem = reportable[0]
        games = tuple(g.name for g in by_grammar[game.grammar])
        condition = trailing_condition(sentence.text)
        if condition is not None:
            result.not_understood.append(
                NotUnderstood(sentence, games, (), _conditional(condition))
            )
            return
        why = _HEDGED if hedged(sentence.text) else _describe(problem)
        result.not_understood.append(
            NotUnderstood(sentence, games, _closest_examples(game, sentence.text), why)
        )


_HEDGED = (
    "it reads as an intention, a wish, a doubt, a denial, someone else's words or the past "
    "rather than an action announced now, so nothing was done; to act, announce the action "
    "plainly"
)


def _conditional(condition: str) -> str:
    return (
        f'the action depends on a condition ("{condition}"), and the referee does not '
        "judge conditions, so nothing was done; announce the action without the "
        "condition when it holds"
    )


def _choose_game(candidates: Sequence[Game[Any]], plays: Mapping[str, bool]) -> Game[Any] | None:
    if len(candidates) == 1:
        return candidates[0]
    playing = [g for g in candidates if plays.get(g.name, False)]
    return playing[0] if len(playing) == 1 else None


# One place alone, as a correction names it: "(2, 3)", "e7", "G-6", "(D, 4)".
_PLACE_ALONE = re.compile(
    r"^\s*(?:\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)|\(\s*[A-Za-z]\s*,\s*[0-9]{1,2}\s*\)"
    r"|[A-Za-z]-?[0-9]{1,2})\s*$"
)
_PLACES = (
    re.compile(r"\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)"),
    re.compile(r"\(\s*[A-Za-z]\s*,\s*[0-9]{1,2}\s*\)|\b[A-Za-z]-?[0-9]{1,2}\b"),
)


def _correct_argument(
    previous: Sentence | None,
    correction: Sentence,
    result: ParseResult,
    before: int,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    private: bool,
) -> list[FoundAction]:
    """The actions of the previous sentence with its one place of the correction's shape
    replaced by the correction's place; none if the previous sentence names no such place
    or several (which one is meant is then not said)."""
    if previous is None or _PLACE_ALONE.match(correction.text) is None:
        return []
    for shape in _PLACES:
        if shape.fullmatch(correction.text.strip()) is None:
            continue
        places = list(shape.finditer(previous.text))
        if len(places) != 1:
            return []
        (place,) = places
        text = (
            previous.text[: place.start()] + correction.text.strip() + previous.text[place.end() :]
        )
        noted: list[NotUnderstood] = []
        trial = ParseResult(result.actions, noted)
        _find_in_sentence(replace(previous, text=text), by_grammar, plays, trial, private)
        found = result.actions[before:]
        if noted or not found:
            del result.actions[before:]
            return []
        return found
    return []


# "there", "on it", "that Land Unit": a place the sentence names only by pointing back.
_THERE = re.compile(
    r"\b(?:(?P<on>on|at|in|onto)\s+(?:it|that(?:\s+(?:land\s+unit|square|location|place|spot))?)"
    r"|there)\b(?![\s,]*\()",
    re.IGNORECASE,
)


def _there(
    previous: Sentence,
    sentence: Sentence,
    result: ParseResult,
    before: int,
    told: int,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    private: bool,
) -> list[FoundAction]:
    """The actions of a sentence that points back to a place ("I build a Farm there") read
    with the one place of the previous sentence's action; none when that sentence names no
    place or several, or when the sentence still cannot be read (it stays reported)."""
    pointers = list(_THERE.finditer(sentence.text))
    if len(pointers) != 1:
        return []
    for shape in _PLACES:
        places = {place.group() for place in shape.finditer(previous.text)}
        if len(places) != 1:
            continue
        (place,) = places
        pointer = pointers[0]
        named = f"{pointer.group('on') or 'at'} {place}"
        text = sentence.text[: pointer.start()] + named + sentence.text[pointer.end() :]
        noted: list[NotUnderstood] = []
        trial = ParseResult(result.actions, noted)
        _find_in_sentence(replace(sentence, text=text), by_grammar, plays, trial, private)
        found = result.actions[before:]
        if noted or not found:
            del result.actions[before:]
            return []
        del result.not_understood[told:]
        return found
    return []


# Any place named in a correction ("Edit: make it d7 if free"): the correction is about it.
_PLACES_NAMED = re.compile("|".join(shape.pattern for shape in _PLACES))


_PLACE_ALONE_AFTER = (
    "a place alone after an action could add another action or correct the one before it, "
    "and the referee does not guess which"
)


def _take_back_on_unread_correction(
    correction: Sentence,
    previous: Sequence[FoundAction],
    by_grammar: Mapping[str, list[Game[Any]]],
    result: ParseResult,
    told: int,
) -> bool:
    """A correction of the previous sentence that cannot be read: its author said that
    sentence was wrong, so its actions are not performed either, and the author is told.
    False (nothing done) when the sentence does not look like an action or a place."""
    looks = _PLACES_NAMED.search(correction.text) is not None or any(
        candidates[0].looks_like_action(correction.text) for candidates in by_grammar.values()
    )
    if not looks:
        return False
    del result.not_understood[told:]
    _take_back(
        correction,
        previous,
        result,
        "it corrects the action before it, but the correction could not be read",
    )
    return True


def _take_back(
    sentence: Sentence, previous: Sequence[FoundAction], result: ParseResult, why: str
) -> None:
    """The previous sentence's actions left undone, and the author told why."""
    for item in previous:
        if item in result.actions:
            result.actions.remove(item)
    taken_back = "; ".join(item.action.source.text for item in previous)
    result.not_understood.append(
        NotUnderstood(
            sentence,
            tuple(dict.fromkeys(item.game for item in previous)),
            (),
            f'{why} ("{taken_back}"), so it was not done; announce the action again in full '
            "if you mean it",
        )
    )


_HEADING = re.compile(
    r"^\s*(?:(?:(?:my\s+)?(?:actions?|moves?|plays?)\s+)?(?:in|for)\s+)?(?:my\s+)?(?:the\s+)?"
    r"(?P<name>[^,:;]+?)(?:\s+(?:actions?|moves?|plays?|business|orders))?\s*[:\-\u2013\u2014]?\s*$",
    re.I,
)


_HEADING_LONGEST = 60


def _heading(text: str, by_grammar: Mapping[str, list[Game[Any]]]) -> bool:
    """Whether the sentence is only a configured game's name ("In Okinawa:", "Arcadia:"),
    a heading over the actions that follow it."""
    if len(text) > _HEADING_LONGEST:
        return False  # a game's name and a word or two: no prose is a heading
    heading = _HEADING.match(text)
    if heading is None:
        return False
    name = heading.group("name").casefold()
    return any(game.name.casefold() == name for games in by_grammar.values() for game in games)

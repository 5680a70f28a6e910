"""Find every action in a message's own text, for every game the referee runs.

Each sentence first meets each game's cheap ``looks_like_action`` test; only sentences
that pass reach that game's LALR parser. A sentence that one game parses becomes that
game's actions. A sentence that looked like an action of a game the author plays, but that
no grammar accepts, is reported as not understood with the forms that game understands.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

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
) -> ParseResult:
    """Find actions in the author's numbered lines.

    ``plays`` tells, per game name, whether the author takes part; when several games of one
    kind run, an action goes to the one the author plays (or is reported as ambiguous).
    ``private`` says the lines came in a private mail to the referee. ``quoted`` are the
    message's quoted lines: never performed, they tell which intent a bare "I support."
    answers.
    """
    result = ParseResult()
    by_grammar: dict[str, list[Game[Any]]] = {}
    for game in games:
        by_grammar.setdefault(game.grammar, []).append(game)
    previous: list[FoundAction] = []
    correcting = False
    replied = _RepliedIntents(games, quoted, plays)
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
            replied.answer(sentence, response.group("verb"), by_grammar, plays, result)
            continue
        corrected = _correction(sentence)
        if corrected is not None:
            if not corrected.text:
                correcting = True  # "Actually, no." and the correction in the next sentence
                continue
            sentence, correcting = corrected, True
        before = len(result.actions)
        _find_in_sentence(sentence, by_grammar, plays, result, private)
        found = result.actions[before:]
        if not found:
            continue
        if correcting:
            _replace_corrected(result, previous, found)
        previous, correcting = found, False
    return result


# "Actually, no: I play f7 instead.": the author takes back the action just announced.
_CORRECTION = re.compile(
    r"^(?:(?:actually|correction|wait|sorry|oops|no|rather|scratch\s+that|make\s+that|"
    r"i\s+mean|change\s+of\s+plan|on\s+second\s+thought)\b[\s,:;!.\-\u2013\u2014]*)+",
    re.IGNORECASE,
)
_INSTEAD = re.compile(r"[\s,]+instead$", re.IGNORECASE)


# "I support.", "Support.", "I object to this.": an answer to the intent quoted above it.
_BARE_RESPONSE = re.compile(
    r"^(?:I\s+(?:hereby\s+)?)?(?P<verb>support|object)"
    r"(?:\s+(?:to\s+)?(?:this|that|it)(?:\s+intent(?:ion)?)?)?[\s!.]*$",
    re.IGNORECASE,
)


class _RepliedIntents:
    """The intents tabled in a message's quoted text (found on first need), which a bare
    "I support." in the reply answers when there is exactly one."""

    def __init__(
        self,
        games: Sequence[Game[Any]],
        quoted: Iterable[tuple[int, str]],
        plays: Mapping[str, bool],
    ) -> None:
        self.games = games
        self.quoted = list(quoted)
        self.plays = plays
        self._intents: list[tuple[str, str]] | None = None

    def intents(self) -> list[tuple[str, str]]:
        """(game name, the intended action's words) of each intent in the quoted text."""
        if self._intents is None:
            found = find_actions(self.games, self.quoted, self.plays) if self.quoted else None
            self._intents = [
                (item.game, item.action.action.source.text)
                for item in (found.actions if found else [])
                if isinstance(item.action, TableIntent)
            ]
        return self._intents

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
        response = "support" if verb.casefold() == "support" else "object to"
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
                f"it answers an intent, but the quoted text holds {len(intents)} intents; "
                "say which one you mean",
            )
        )


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
) -> None:
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
    _report(sentence, by_grammar, plays, problems, result)


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
    for action in chosen.transform(tree, source):
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

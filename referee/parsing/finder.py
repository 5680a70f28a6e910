"""Find every action in a message's own text, for every game the referee runs.

Each sentence first meets each game's cheap ``looks_like_action`` test; only sentences
that pass reach that game's LALR parser. A sentence that one game parses becomes that
game's actions. A sentence that looked like an action of a game the author plays, but that
no grammar accepts, is reported as not understood with the forms that game understands.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.games.base import Action, Game, SourceText
from referee.parsing.grammars import SentenceSyntaxError, SyntaxProblem, parse_sentence
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
) -> ParseResult:
    """Find actions in the author's numbered lines.

    ``plays`` tells, per game name, whether the author takes part; when several games of one
    kind run, an action goes to the one the author plays (or is reported as ambiguous).
    ``private`` says the lines came in a private mail to the referee.
    """
    result = ParseResult()
    by_grammar: dict[str, list[Game[Any]]] = {}
    for game in games:
        by_grammar.setdefault(game.grammar, []).append(game)
    for written in split_sentences(lines):
        sentence = set_aside_neutral_opener(written)
        conditional = split_condition(sentence)
        if conditional is not None:
            _report_condition(written, *conditional, by_grammar, result)
            continue
        _find_in_sentence(sentence, by_grammar, plays, result)
    return result


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
) -> None:
    problems: list[tuple[Game[Any], SyntaxProblem]] = []
    for grammar, candidates in by_grammar.items():
        representative = candidates[0]
        if not representative.looks_like_action(sentence.text):
            continue
        try:
            tree = parse_sentence(grammar, sentence.text)
        except SentenceSyntaxError as error:
            problems.append((representative, error.problem))
            continue
        source = SourceText(sentence.text, sentence.line, sentence.column)
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
            result.actions.append(FoundAction(chosen.name, action))
        return
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
        result.not_understood.append(
            NotUnderstood(
                sentence, games, _closest_examples(game, sentence.text), _describe(problem)
            )
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

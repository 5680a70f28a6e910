"""Find every action in a message's own text, for every game the referee runs.

Each sentence first meets each game's cheap ``looks_like_action`` test; only sentences
that pass reach that game's LALR parser. A sentence that one game parses becomes that
game's actions. A sentence that looked like an action of a game the author plays, but that
no grammar accepts, is reported as not understood with the forms that game understands.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Any

from referee.errors import UnreadableValue
from referee.games.base import Action, Game, Lexicon, SourceText
from referee.games.tabled.actions import ObjectToIntent, PerformIntent, SupportIntent, TableIntent
from referee.parsing.agora_acts import agora_halves
from referee.parsing.attempts import agora_business, attempted_by, in_own_voice
from referee.parsing.bare_places import BARE_PLACE_PROBLEM, bare_place_note
from referee.parsing.characters import readable
from referee.parsing.circumstances import without_explained
from referee.parsing.discussion import plainly_discussion
from referee.parsing.documents import Document, set_aside_documents
from referee.parsing.game_headings import heading_over
from referee.parsing.grammars import SentenceSyntaxError, SyntaxProblem, parse_sentence
from referee.parsing.inert import AskedPlays, InertSentences
from referee.parsing.lead_ins import (
    governed_until,
    governing_lead_in,
    offers_choices,
    reported_speech,
    reported_speech_unmarked,
)
from referee.parsing.normalise import (
    Labels,
    Reading,
    hedged,
    prepare,
    readings,
    time_limited_end,
    without_now_label,
)
from referee.parsing.openers import (
    conditioned,
    set_aside_neutral_opener,
    split_condition,
    trailing_condition,
)
from referee.parsing.pointers import (
    elliptical,
    filled_in,
    filled_in_intent,
    more_of_the_same,
    points_back,
    restriction,
)
from referee.parsing.pronoun_owners import pronoun_owner
from referee.parsing.repeats import answer_changed, without_repeated_answers
from referee.parsing.sentences import Sentence, split_sentences
from referee.parsing.speakers import speaker_label, without_speaker_label


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
    author: str | None = None,
    own_words: bool = True,
) -> ParseResult:
    """Find actions in the author's numbered lines.

    ``plays`` tells, per game name, whether the author takes part; when several games of one
    kind run, an action goes to the one the author plays (or is reported as ambiguous).
    ``private`` says the lines came in a private mail to the referee. ``quoted`` are the
    message's quoted lines: never performed, they tell which intent a bare "I support."
    answers and which action "As do I." repeats. ``replied`` gives, when asked, the own
    lines of the message the mail replies to (looked up only for such a sentence), read
    when the quoted text holds no action. ``author``, when known, is the name the author
    plays under: a sentence that names someone else as its speaker ("I, Janet, ...") is
    then not performed. ``own_words`` is False for quoted text read only to be listed or
    answered: a lead-in there ("Janet wrote:") governs nothing of the author's.
    """
    result = ParseResult()
    by_grammar = _grouped(games)
    previous: list[FoundAction] = []
    previous_sentence: Sentence | None = None
    intents_named: tuple[int, ...] = ()  # the intents a sentence with no act named
    correcting = False
    retraction: Sentence | None = None  # "Actually, no." with no action after it (yet)
    round_heading: str | None = None  # "Round 8:" alone, the round of the play under it
    game_heading: tuple[frozenset[str], int] | None = None  # "Commune:" alone, to its block
    game_names = _game_names(by_grammar)
    lines = [(number, readable(text)) for number, text in lines]
    lines, documents = set_aside_documents(lines)
    quoted = [(number, readable(text)) for number, text in quoted]
    replied_to = _Replied(games, quoted, plays, _readable_lines(replied), own=lines)
    governing: tuple[Sentence, int] | None = None  # a lead-in, and the last line it governs
    echoed: list[FoundAction] = []  # actions read from "As do I.", "Same." or "I support."
    unread = deque(documents)  # documents whose lines are yet to be told of, in order
    voided: Sentence | None = None  # "This is a test.": the whole message is not meant
    for split in split_sentences(lines):
        written = split  # the introduction of a document may take it as its argument
        if own_words and voided is None and _VOIDS_MESSAGE.match(written.text):
            voided = written
            continue
        unticked = _UNTICKED.match(written.text) if own_words else None
        if unticked is not None:
            # "[ ] I place a tile at C4": a box not ticked, a thing yet to do (P72-lead-s18-9).
            box = replace(written, text=written.text[: unticked.end()].strip())
            rest = replace(written, text=written.text[unticked.end() :])
            _report_governed(rest, box, by_grammar, plays, result, private)
            continue
        while unread and unread[0].first < written.line:
            _report_document(unread.popleft(), by_grammar, plays, result)
        if len(result.actions) >= MESSAGE_ACTION_LIMIT:
            _report_over_limit(written, by_grammar, plays, result)
            break
        if len(written.text) > SENTENCE_LIMIT:
            _report_too_long(written, by_grammar, result)
            continue
        if governing is not None and written.line <= governing[1]:
            _report_governed(written, governing[0], by_grammar, plays, result, private)
            continue
        document = _introduced(written, unread)
        if document is not None:
            # "I create an Arcadian Proposal with the following text:" and its braces: the
            # document is the action's argument. Any other introduction governs only its
            # document, told of below; the author's own words resume after it.
            taken = _with_document(written, document, by_grammar, plays, private)
            if taken is not None:
                unread.popleft()  # the document introduced is the next one
                written = taken
        elif own_words and governing_lead_in(written.text):
            governing = (written, governed_until(lines, written.line))
        elif own_words and (
            reported_speech(written.text)
            or reported_speech_unmarked(written.text, _line_text(lines, written))
        ):
            governing = (written, governed_until(lines, written.line, skip_blank=False))
        elif own_words and written.question and offers_choices(written.text, lines, written.line):
            governing = (written, governed_until(lines, written.line))
        sentence = set_aside_neutral_opener(written)
        if round_heading is not None:
            # "Round 8:" on the line above a play: the play's round (P42-read-games-s10-6).
            sentence = _under_round_heading(sentence, round_heading)
            round_heading = None
        if sentence.text[:5].lower() == "round" and _ROUND_HEADING.match(sentence.text):
            round_heading = sentence.text.rstrip(" :-\u2013\u2014")
            continue
        if _FALLBACK.match(sentence.text) is not None:
            # "I place a tile at E5; if that fails, at E6.": the fallback is told, the act
            # before it stands as written (P70-read-games-s19-5).
            result.not_understood.append(NotUnderstood(sentence, (), (), _FALLBACK_TOLD))
            continue
        if _STATUS_LINE.match(sentence.text) and _PLACES_NAMED.search(sentence.text):
            # "Chain at (1, 1): captured.", "Tile at C4 - placed": a thing's state, said as a
            # record would say it, not the author announcing the act (P73-read-games-s20-9).
            told_before = len(result.not_understood)
            thing = replace(sentence, text=_STATUS_LINE.sub(r"\g<thing>", sentence.text))
            _tell_if_read(thing, by_grammar, plays, result, private, _STATUS_TOLD)
            if len(result.not_understood) == told_before:
                result.not_understood.append(NotUnderstood(sentence, (), (), _STATUS_TOLD))
            continue
        conditional = split_condition(sentence)
        if conditional is not None:
            _report_condition(written, *conditional, by_grammar, plays, result, private)
            continue
        if sentence.question and previous and _RETRACTS_PREVIOUS.match(sentence.text):
            # "I object to intent 4. Or do I?": the doubt, asked, takes the act back
            # (P74-read-agora-s20-12).
            _take_back(sentence, previous, result, "it takes back the action before it")
            previous, correcting, retraction = [], False, None
            continue
        if sentence.question:
            _report_question(sentence, by_grammar, plays, result)
            continue
        speaker = _named_speaker(sentence.text)
        if speaker is not None and author is not None and speaker.casefold() != author.casefold():
            _report_other_speaker(sentence, speaker, by_grammar, plays, result)
            continue
        labelled = speaker_label(sentence.text, by_grammar, author)
        if (
            labelled is not None
            and without_speaker_label(sentence.text)[:2] != "I "
            and _words(by_grammar).labels.apply(sentence.text)[:2] == "I "
        ):
            # "Jade: investment.": a game's own label, no one's name (P70-read-games-s19-6).
            labelled = None
        if labelled is None and own_words and author is not None:
            # "nix: tile at D4" from nix: the author's own name as a label is the "I" of
            # "nix: I place ...", and is set aside (P70-read-games-s19-7).
            sentence = _without_own_label(sentence, author)
        if not own_words:
            # Quoted text, read only to be answered or listed: "> Janet: I intend to ...",
            # "> Janet wrote: ..." name who wrote it, as an attribution line does
            # (P67-lead-s17-14).
            text = sentence.text if labelled is None else without_speaker_label(sentence.text)
            sentence = replace(sentence, text=_INLINE_ATTRIBUTION.sub("", text, count=1))
        elif labelled is not None:
            _report_speaker_label(sentence, labelled, by_grammar, plays, result)
            continue
        if previous and points_back(sentence.text):
            # "I withdraw my objection to AP 36; I support it instead.": "it" is AP 36.
            forms = [item.action.source.text for item in previous]
            sentence, could_be = filled_in(sentence, forms)
            if not could_be and not replied_to.answers_something():
                sentence = filled_in_intent(sentence, forms)
            if could_be:
                games_named = tuple(dict.fromkeys(item.game for item in previous))
                which = ", ".join(could_be)
                result.not_understood.append(
                    NotUnderstood(
                        sentence, games_named, (), f"'it' could be any of {which}; name it"
                    )
                )
                continue
        if _SUBJECT_LINE.match(sentence.text):
            # "Re: I deregister", "Subject: I resign as Sensei": a message's subject line,
            # another message's or this one's, copied into the text: its words are a title,
            # not an announcement (P71-read-agora-s19-9).
            _tell_if_played(
                replace(sentence, text=_SUBJECT_LINE.sub("", sentence.text, count=1)),
                by_grammar,
                plays,
                result,
                'it is written as a message\'s subject line ("Re:", "Subject:"), which names '
                "a message rather than announcing an action, so nothing was done; to act, "
                "announce the action on its own",
            )
            continue
        if _other_games_intent(sentence, games, replied_to, result):
            continue
        response = _bare_response(sentence.text)
        if response is not None:
            answered_from, told_before = len(result.actions), len(result.not_understood)
            aside = response.group("aside")
            replied_to.inline(sentence.line).answer(
                sentence,
                response.group("verb"),
                by_grammar,
                plays,
                result,
                response.group("all"),
                perform=bool(aside and _AND_DO_SO.match(aside)),
            )
            echoed += result.actions[answered_from:]
            if (
                len(result.actions) == answered_from
                and len(result.not_understood) == told_before
                and _a_game_act(replied_to.inline(sentence.line).found())
            ):
                # "+1, same." under a quoted game act, which no intent is: an answer to the
                # act in words no game reads, told, never dropped (P73-read-games-s20-9).
                result.not_understood.append(NotUnderstood(sentence, (), (), _ANSWER_TOLD))
            continue
        answer_if = _ANSWER_IF.match(sentence.text) if replied_to.answers_something() else None
        if answer_if is not None and replied_to.inline(sentence.line).intents():
            # "I support if nobody else objects." under a quoted intent: a conditional
            # answer, never performed; told (P56-read-agora-s13-4).
            result.not_understood.append(
                NotUnderstood(sentence, _tabling(games), (), _conditional(answer_if["if"]))
            )
            continue
        if (
            replied_to.answers_something()
            and _near_bare(sentence.text)
            and replied_to.inline(sentence.line).intents()
        ):
            result.not_understood.append(
                NotUnderstood(
                    sentence,
                    _tabling(games),
                    (),
                    "it answers an intent, but with words around the answer that may change "
                    'it, so nothing was done; if you mean it, answer plainly ("I support.")',
                )
            )
            continue
        changed = _echo_with_change(sentence.text)
        if changed is not None and (
            replied_to.inline(sentence.line).found() or any(p.search(changed) for p in _PLACES)
        ):
            # "Me too, but at E6." under "> I place a tile at E5.": the action replied to,
            # at the author's own place; any other change is told (P70-read-games-s19-1).
            answered_from = len(result.actions)
            _echo_changed(
                sentence, changed, replied_to.inline(sentence.line), by_grammar, plays, result
            )
            echoed += result.actions[answered_from:]
            continue
        if _echo_of(sentence.text):
            answered_from = len(result.actions)
            replied_to.inline(sentence.line).echo(sentence, by_grammar, plays, result)
            echoed += result.actions[answered_from:]
            continue
        if _RETRACTS_PREVIOUS.match(sentence.text):
            if previous:
                # "I place a tile at D4. Just kidding.": the author took it back.
                _take_back(sentence, previous, result, "it takes back the action before it")
                previous, correcting, retraction = [], False, None
            continue
        jest = _JEST_THEN.match(sentence.text) if previous else None
        if jest is not None:
            # "I deregister. Just kidding, see you Monday.": the jest takes the action back
            # whatever follows it; an act after it is told, never done (P72-lead-s18-5).
            _take_back(sentence, previous, result, "it takes back the action before it")
            previous, correcting, retraction = [], False, None
            _tell_after_jest(
                replace(sentence, text=sentence.text[jest.end() :]),
                by_grammar,
                plays,
                result,
                private,
            )
            continue
        corrected = _correction(sentence)
        renamed, plainly = _plainly_corrects(sentence) if corrected else (None, False)
        if corrected is not None:
            if not corrected.text:
                correcting = True  # "Actually, no." and the correction in the next sentence
                retraction = sentence if previous else None
                continue
            sentence, correcting = corrected, True
            if previous and points_back(sentence.text) and not replied_to.answers_something():
                # "I support intent 4. Actually no, I object to it.": the intent corrected.
                forms = [item.action.source.text for item in previous]
                sentence = filled_in_intent(sentence, forms)
        if previous and not correcting:
            sentence = _joined_to_previous(sentence)
        before, told = len(result.actions), len(result.not_understood)
        _find_in_sentence(sentence, by_grammar, plays, result, private)
        found = result.actions[before:]
        # (A heading alone is short; a label matters only over an act read.)
        headed = (
            heading_over(written.text, game_names) if found or len(written.text) <= 40 else None
        )
        if headed is not None and headed[1]:
            game_heading = (headed[0], governed_until(lines, written.line))
        elif found:
            over = headed[0] if headed is not None else None
            if over is None and game_heading is not None and written.line <= game_heading[1]:
                over = game_heading[0]
            if over is not None and _of_another_game(found, over, by_grammar):
                # "Commune: I play a Stone at (1, 1)": the game named is not the act's.
                del result.actions[before:]
                result.not_understood.append(
                    NotUnderstood(sentence, tuple(sorted(over)), (), _ANOTHER_GAMES_ACT)
                )
                found = []
        if found and intents_named:
            found = _bind_implicit_performance(result, before, intents_named, sentence)
        intents_named = () if found else _intents_named(sentence.text)
        if not found and len(result.not_understood) > told and not private:
            _leave_discussion_alone(sentence, by_grammar, result, told, author)
            if _NOTHING_UNDER_LABEL.match(sentence.text):
                # "Okinawa: nothing this week.": the author says e does nothing there, in
                # public, where no rule asks em to say so (P73-read-games-s20-11).
                del result.not_understood[told:]
        if not found and len(result.not_understood) == told and _alternative_places(sentence.text):
            # "Either E5 or E6 for my tile.": two places offered, which one is not said
            # (P70-read-games-s19-15).
            result.not_understood.append(NotUnderstood(sentence, (), (), _ALTERNATIVE_TOLD))
        if (
            not found
            and len(result.not_understood) == told
            and len(sentence.text) <= 60
            and _ANSWERS_AN_ACT.match(sentence.text)
            and replied_to.inline(sentence.line).found()
        ):
            # "Mine goes on E6.", "Me, (1, 2).", "+1, same." under a quoted act: an answer to
            # it in words not understood (P70-read-games-s19-21).
            result.not_understood.append(NotUnderstood(sentence, (), (), _ANSWER_TOLD))
        if not found and len(result.not_understood) == told:
            # "Recap: tile at B2", "Testing -- tile at B2": a label no game sets aside over
            # an act that, read alone, is one; never dropped in silence (P73-read-games-s20-1).
            _tell_under_label(sentence, by_grammar, plays, result, private)
        if not found and len(result.not_understood) == told and _POINTED_ONLY.match(sentence.text):
            # "I claim it.", "I play it too.": a game's act on a thing named only by
            # pointing, with nothing read before it to point at (P70-read-games-s19-14).
            result.not_understood.append(NotUnderstood(sentence, (), (), _POINTED_ONLY_TOLD))
        if not found and corrected is not None and previous:
            # "Actually, make that (2, 3).": the previous sentence with its place replaced.
            found = _correct_argument(
                previous_sentence, sentence, result, before, by_grammar, plays, private
            )
            if not found:
                found = _correct_number(
                    previous_sentence, sentence, result, before, by_grammar, plays, private
                )
            if not found:
                found = _correct_object(
                    previous_sentence, sentence, result, before, by_grammar, plays, private
                )
            if not found and renamed is not None:
                found = _correct_name(
                    previous_sentence, renamed.group("name"), result, before, by_grammar, plays
                )
            if found:
                del result.not_understood[told:]
            elif _take_back_on_unread_correction(
                sentence, previous, by_grammar, result, told, plainly=plainly
            ):
                previous, correcting = [], False
                continue
        if not found and corrected is None and previous_sentence is not None:
            # "I claim (7, 2). Then I build a Farm there.": the one place named before.
            found = _there(
                previous_sentence, sentence, result, before, told, by_grammar, plays, private
            )
        if not found and corrected is None and previous_sentence is not None:
            # "I offer my 4 for a B; only Janet may accept.": that offer, restricted.
            found = _restrict_previous(
                previous_sentence, sentence, previous, result, told, by_grammar, plays, private
            )
            correcting = correcting or bool(found)
        if not found and corrected is None and previous_sentence is not None:
            # "I play a Stone at (1, 1). And one more at (1, 2).": another of the same.
            joined = _add_to_previous(
                previous_sentence, written, previous, result, told, by_grammar, plays, private
            )
            if joined is not None:
                previous, previous_sentence = result.actions[before - len(previous) :], joined
                continue
        placed = _PLACE_ALONE.match(sentence.text) is not None
        if placed and not found and previous and len(result.not_understood) == told:
            # "I claim (2, 5); (2, 6).": another claim, or a correction? Asked.
            _take_back(sentence, previous, result, _PLACE_ALONE_AFTER)
            previous, correcting = [], False
            continue
        if (
            not found
            and elliptical(sentence.text)
            and (previous or len(result.not_understood) == told)
        ):
            # "Oh, a tile at G7.": the thing and its place with no verb, after a word that
            # says neither "and" nor "instead": another action, or a correction of the one
            # before? Asked, as a place alone is, and never left unanswered (P57-mail-s13-1).
            if previous:
                del result.not_understood[told:]
                _take_back(sentence, previous, result, _PLACE_ALONE_AFTER)
                previous, correcting = [], False
            elif not placed:
                # A place alone with nothing before it is left to the games (a private
                # Go move) and to the rules for bare places (P54-mail-s12-2).
                result.not_understood.append(NotUnderstood(sentence, (), (), _ELLIPTICAL_ALONE))
            continue
        if not found:
            continue
        if correcting:
            _replace_corrected(result, previous, found)
        previous, previous_sentence, correcting, retraction = found, sentence, False, None
    for document in unread:
        _report_document(document, by_grammar, plays, result)
    if voided is not None and result.actions:
        _take_back(
            voided,
            list(result.actions),
            result,
            "it says the whole message is a test, a draft or to be ignored, which covers its "
            "actions",
        )
    if retraction is not None and previous:
        # "I place a tile at D4. Actually, no." and nothing after: the author took it back.
        _take_back(retraction, previous, result, "it takes back the action before it")
    _drop_echoes_spelt_out(result, echoed)
    result.actions[:] = without_repeated_answers(result.actions)
    if result.not_understood and result.actions:
        result.not_understood[:] = _without_willingness_acted_on(result)
    if result.not_understood and result.actions:
        # "I'm back from my hiatus. I become active.": the reason, not an attempt.
        games_run = (game for candidates in by_grammar.values() for game in candidates)
        result.not_understood[:] = without_explained(
            result.not_understood, result.actions, games_run
        )
    return result


_INTENT_NUMBER = re.compile(
    r"\bintents?\s*(?:no\.?\s*|number\s*|#)?(\d+)\b(?:\s*(?:,|and|&)\s*#?(\d+)\b)*",
    re.IGNORECASE,
)


def _intents_named(text: str) -> tuple[int, ...]:
    """The numbers of the intents ``text`` names ("intent 12", "intents 12 and 13")."""
    if "ntent" not in text:
        return ()  # the cheap test first: most sentences name no intent
    numbers = {
        int(n)
        for n in re.findall(r"\d+", " ".join(m.group() for m in _INTENT_NUMBER.finditer(text)))
    }
    return tuple(sorted(numbers))


def _bind_implicit_performance(
    result: ParseResult, before: int, numbers: tuple[int, ...], sentence: Sentence
) -> list[FoundAction]:
    """ "Intent 12 has matured. I perform it.": "it" is the intent the sentence before
    named, never the author's own newest one; after a sentence naming several, it could
    be any of them, and the author is asked (P50-lead-s11-16)."""
    kept: list[FoundAction] = []
    for found in result.actions[before:]:
        action = found.action
        if not (isinstance(action, PerformIntent) and action.ref.implicit):
            kept.append(found)
            continue
        if len(numbers) > 1:
            listed = ", ".join(str(n) for n in numbers)
            result.not_understood.append(
                NotUnderstood(
                    sentence,
                    (found.game,),
                    tuple(f"I perform intent {n}" for n in numbers),
                    f"it could perform any of intents {listed}, named in the sentence "
                    "before, so nothing was done; say which",
                )
            )
            continue
        (number,) = numbers
        source = SourceText(
            f"I perform intent {number} (read from: {sentence.text}; intent {number} "
            "named in the sentence before)",
            action.source.line,
            action.source.column,
        )
        bound = replace(action, ref=replace(action.ref, number=number), source=source)
        kept.append(FoundAction(found.game, bound))
    result.actions[before:] = kept
    return kept


# "I place a tile at H2. Also invest in Beryl.": a sentence with no "I" that goes on from
# the author's own act just read is eir act too; alone, it could be advice to another.
_GOES_ON = re.compile(
    r"^(?:also|and|then|plus|next|finally|lastly)\s*,?\s+(?=[a-z])", re.IGNORECASE
)


def _readable_lines(
    lines: Callable[[], Sequence[tuple[int, str]]] | None,
) -> Callable[[], Sequence[tuple[int, str]]] | None:
    """The lines ``lines`` gives, when asked, as the finder reads them (see ``readable``)."""
    if lines is None:
        return None
    given = lines
    return lambda: [(number, readable(text)) for number, text in given()]


# "Round 8:", "Round eight -": a round alone on its line, above the play it is the round of.
_ROUND_HEADING = re.compile(
    r"^round\s+#?(?:[0-9]{1,3}|[a-z]+(?:-[a-z]+)?)\s*[:\-\u2013\u2014]?\s*$", re.IGNORECASE
)
# A play with no round of its own: a square alone, or "I play" and a square.
# ("Move: h2" too, its label set aside under the heading: P48-read-games-s11-9.)
_PLAY_UNDER_HEADING = re.compile(
    r"^(?:I\s+play\s+|(?:my\s+)?(?:move|play|pick|choice)\s*[:\-\u2013\u2014=]\s*)?"
    r"(?P<square>[A-Za-z]-?[1-9][0-9]?(?:[\s,]+(?:please|pls|thanks|thx|cheers|ty))*[\s.!]*)$",
    re.IGNORECASE,
)


def _under_round_heading(sentence: Sentence, heading: str) -> Sentence:
    """The play under a round heading, with its round; any other sentence unchanged."""
    play = _PLAY_UNDER_HEADING.match(sentence.text)
    if play is None:
        return sentence
    text = sentence.text if sentence.text[:1] in "Ii" else play.group("square")
    return replace(
        sentence,
        text=f"{heading}: {text}",
        written=sentence.written or sentence.text,
    )


def _joined_to_previous(sentence: Sentence) -> Sentence:
    joined = _GOES_ON.match(sentence.text)
    if joined is None:
        return sentence
    return replace(
        sentence,
        text="I " + sentence.text[joined.end() :],
        written=sentence.written or sentence.text,
    )


def _drop_echoes_spelt_out(result: ParseResult, echoed: Sequence[FoundAction]) -> None:
    """ "Same. I object to intent 23.": the answer and the action spelt out after it are
    one act, performed once (as spelt out)."""
    for echo in echoed:
        spelt_out = any(
            found.game == echo.game
            and replace(found.action, source=echo.action.source) == echo.action
            for found in result.actions
            if all(found is not other for other in echoed)
        )
        if spelt_out:
            result.actions[:] = [found for found in result.actions if found is not echo]


def _leave_discussion_alone(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    result: ParseResult,
    told: int,
    author: str | None,
) -> None:
    """Take back what was told of a sentence that only talks about the game ("Janet placed
    a tile at G7", "I would rather build Mines"): an officer says nothing of it."""
    verbs = {verb for games in by_grammar.values() for verb in games[0].lexicon.verbs}
    if not in_own_voice(sentence.text) and all(
        note.problem.startswith(_CONDITIONAL_OPENING) for note in result.not_understood[told:]
    ):
        # "If it is still empty, tile at E5": the act a condition governs, told as such; the
        # condition's own words ("it is") are not the sentence's subject (P68-read-games-s18-3).
        return
    if plainly_discussion(sentence.text, verbs, author):
        del result.not_understood[told:]


# "Actually, no: I play f7 instead.": the author takes back the action just announced.
_CORRECTION = re.compile(
    # "Er, I meant F8: ...", "Um, make that F8.": a hesitation only before a correcting word;
    # alone ("Um, I also invest in Jade.") it corrects nothing (P65-read-games-s17-1).
    r"^(?:(?:er+m*|um+|uh+|hmm+|ah+|oh)[\s,:;!.\-\u2013\u2014]+)*"
    # "Correction to my earlier mail: d3, not d2." (P68-read-games-s18-9).
    r"(?:(?:actually|correction(?:\s+to\s+my\s+(?:earlier|previous|last|first)\s+(?:mail|e-?mail|"
    # ("Or rather, I support intent 4.": the "or" of a correction, P74-read-agora-s20-13;
    # "Sorry for the noise --" is a word on the message, no correction; P73-read-games-s20-16.)
    r"message|post|move|play))?|wait|"
    r"sorry(?!\s+for\s+(?:the\s+)?(?:noise|spam|delay|double\s+post|late|confusion|mess)\b)|"
    r"(?:wh)?oops|no|(?:or\s+)?rather|scratch\s+that|make\s+that|"
    r"edit(?:ed)?|update|typo|amendment|"
    # "I place a tile at D4. Instead, I place one at E4.": the later one (P50-lead-s11-7).
    r"(?:so\s+)?instead(?!\s+of\b)|"
    # "Oops, meant C9 not C8: I place ...": what was meant, said before the colon; first, so
    # "I meant intent 7, not 6: I support intent 7" is not cut after "I meant"
    # (P56-read-agora-s13-3).
    r"(?:i\s+)?meant\s+[^:;.]{0,39}\w(?=\s*:)|"
    r"i\s+mean|i\s+meant(?:\s+to\s+(?:say|write))?|change\s+of\s+plan|on\s+second\s+thought|"
    r"i\s+wanted\s+to\s+(?:say|write)|what\s+i\s+meant\s+(?:was|is)|"
    # "Not c8, c7.": the place denied, then the one meant (P52-read-games-s12-3).
    r"not\s+(?:at\s+|on\s+)?(?:[A-Za-z]-?[0-9]{1,2}|\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\))"
    r"(?=\s*[,;:\-\u2013\u2014])|"
    r"never\s*mind)\b"
    r"[\s,:;!.\-\u2013\u2014]*)+",
    re.IGNORECASE,
)
_INSTEAD = re.compile(r"[\s,]+instead$", re.IGNORECASE)
# "Just kidding.", "Never mind.", "Disregard that.": a whole sentence that takes back the
# action before it, with nothing to put in its place.
_RETRACTS_PREVIOUS = re.compile(
    r"^[(\[]?\s*"
    # "Oops, cancel that.", "Actually, disregard the above." (P50-lead-s11-5).
    r"(?:(?:actually|oops|whoops|sorry|wait|hmm+|ugh|argh|on\s+second\s+thoughts?|(?:or\s+)?rather|well)"
    r"\s*[,!.:\-]*\s*)*"
    r"(?:(?:just\s+)?(?:kidding|joking)|jk|j/k|never\s*mind|not\s+really|"
    # "Or not.", "Maybe not.", "Or do I?", "Who knows.": a doubt cast on the act before, which
    # then is not clearly announced (P74-read-agora-s20-12).
    r"(?:or\s+)?(?:maybe|perhaps|probably|possibly)\s+not|or\s+not|"
    r"or\s+(?:do|did|will|have|am|shall)\s+I\s*\?*|who\s+knows|or\s+something(?:\s+like\s+that)?|"
    r"or\s+whatever|"
    # "Actually Janet does.", "Or rather, Murphy did.": the act is another's, not the
    # author's (P74-read-agora-s20-13).
    r"(?:actually|(?:or\s+)?rather|wait|no)\s*[,:]?\s*(?-i:[A-Z])[\w\-]*\s+"
    r"(?:does|did|do|is|was|will|has|had|supports|supported|objects|objected)\b[^.!?;]{0,40}|"
    # "Actually, I'm not sure.", "Not sure.", "Wait, I'd rather not.": the author doubts the
    # act itself (P74-read-agora-s20-12); "I'm not sure it will pass." doubts another thing.
    r"(?:I\s*['\u2019]?m|I\s+am)?\s*not\s+(?:so\s+|too\s+|entirely\s+|really\s+|quite\s+|100%\s+)?"
    r"sure(?:\s+about\s+(?:that|this|it))?|I\s*(?:would|['\u2019]d)\s+rather\s+not(?:\s+say)?|"
    # "(joke)", "Just a joke.", "/s": the line before was not meant (P67-lead-s17-11).
    r"(?:(?:just|only)\s+)?(?:an?\s+)?joke|sarcasm|/s|"
    # "April Fools!": the whole message was a jest (P72-lead-s18-3).
    r"(?:happy\s+)?april\s+fool['\u2019]?s?(?:\s+day)?|satire|parody|(?:all\s+)?in\s+jest|"
    r"(?:please\s+)?(?:disregard|ignore|cancel|strike|forget|delete)(?:\s+(?:that|this|it|"
    r"(?:all\s+(?:of\s+)?)?the\s+above|everything\s+above|"
    r"(?:the|my)\s+(?:previous|preceding|last)\s+(?:line|sentence|action|one|move|play)|"
    r"the\s+(?:line|sentence|action)\s+(?:above|before)|"
    r"my\s+last\s+(?:line|sentence|action|message)|the\s+last\s+(?:line|sentence)|"
    r"what\s+I\s+(?:just\s+)?(?:said|wrote)))?|I\s+take\s+(?:that|it)\s+back|"
    r"I\s+retract\s+(?:that|this|it|the\s+above))"
    # "Just kidding, I'm staying.", "jk - not going anywhere": the taking back, with what the
    # author does instead said as no act (P71-read-agora-s19-8).
    r"(?:\s*(?:[,;:]|-{1,2}|\u2013|\u2014)\s*(?:I['\u2019]m|I\s+am|I['\u2019]ll|I\s+will|"
    r"I\s+won['\u2019]?t|I\s+don['\u2019]?t|I\s+was\s+(?:kidding|joking)|not\b|no\b|staying\b|"
    r"still\b|of\s+course\b|obviously\b|lol\b|haha\w*|that\s+was\b|it\s+was\b|as\s+if\b)"
    r"[^.!?;]{0,60})?"
    r"[\s!.?)\]]*$",
    re.IGNORECASE,
)
# "This is a test.", "Test message, please ignore.", "Please ignore this message.": the
# author says none of the message is meant (P72-lead-s18-6). "Please ignore my last
# message." speaks of another message and voids nothing here.
_VOIDS_MESSAGE = re.compile(
    r"^[(\[]?\s*(?:"
    r"(?:this\s+is\s+)?(?:(?:just|only)\s+)?(?:an?\s+)?test(?:ing)?"
    r"(?:\s+(?:message|post|mail|e-?mail|run))?(?:\s+only)?"
    r"(?:\s*[,;:\-\u2013\u2014]*\s*(?:please\s+)?(?:ignore|disregard)(?:\s+(?:this|it|me))?)?"
    r"|(?:please\s+)?(?:ignore|disregard)\s+this(?:\s+(?:whole\s+|entire\s+)?(?:message|post|mail|e-?mail))?"
    r"|(?:please\s+)?(?:ignore|disregard)(?:\s+me)?"
    r"|(?:testing[\s,.!]*)+"
    # "Can someone check this draft before I send it?", "Draft - not sent yet.": the message
    # is a draft shown for checking, not the announcement (P75-lead-s20-6).
    r"|(?:can|could|would|will)\s+(?:someone|anyone|somebody|you|y['\u2019]all)\s+(?:please\s+)?"
    r"(?:check|look\s+(?:at|over)|review|proofread|sanity[\s-]check)\s+(?:this|my|the\s+following)\s+"
    r"draft(?:\s+(?:below|for\s+me))?(?:\s+before\s+I\s+(?:send|post|submit)\s+it(?:\s+for\s+real)?)?"
    r"|(?:this\s+is\s+)?(?:(?:just|only)\s+)?(?:an?\s+|my\s+)?draft(?:\s+(?:message|post|mail|e-?mail|version))?"
    r"(?:\s+only)?(?:\s*[,;:\-\u2013\u2014]*\s*(?:not\s+(?:yet\s+)?(?:sent|final|for\s+real)(?:\s+yet)?|"
    r"(?:do\s+not|don['\u2019]t)\s+(?:act\s+on|process|record)\s+(?:this|it)|"
    r"(?:please\s+)?(?:check|review|comment)(?:\s+(?:it|this))?|for\s+(?:review|comments?|checking)))?"
    r"|(?:here(?:['\u2019]s|\s+is)\s+)?(?:my\s+)?draft\s+for\s+(?:review|comments?|checking)"
    # "Testing: does this work?": the test's own question (P73-read-games-s20-1).
    r"|(?:just\s+)?test(?:ing)?\s*[:,\-\u2013\u2014]*\s*(?:does|is|did|will)\s+(?:this|it|my\s+mail)\s+"
    r"(?:work|working|come\s+through|go\s+through|arrive|get\s+through)"
    r")\s*[.!?:]*\s*[)\]]?\s*[.!?]*$",
    re.IGNORECASE,
)

_UNTICKED = re.compile(r"^\s*(?:[-*+]\s*)?\[\s?\]\s*(?=\S)")

# "Just kidding, see you Monday.", "Kidding - tile at D5.": a jest that opens a sentence
# with more after it.
_JEST_THEN = re.compile(
    r"^[(\[]?\s*(?:(?:just\s+)?(?:kidding|joking)|jk|j/k|(?:happy\s+)?april\s+fool['\u2019]?s?"
    r"(?:\s+day)?)\s*[!.]*\s*[,;:\-\u2013\u2014]+\s*(?=\S)",
    re.IGNORECASE,
)


def _tell_after_jest(
    rest: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
) -> None:
    """Tell of an act written after a jest in the same sentence: never done, since the
    jest may cover it too."""
    _tell_if_read(
        rest,
        by_grammar,
        plays,
        result,
        private,
        "it follows a jest in the same sentence, so nothing was done; to act, "
        "announce the action on its own",
    )


def _tell_if_read(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
    problem: str,
) -> None:
    """Tell ``problem`` of a sentence never performed, if read alone, as the finder reads
    any line, it is an act of a game its author plays ("tile at C4" has no verb to show it)."""
    games = tuple(
        name
        for name in _games_reading(sentence, by_grammar, plays, private)
        if plays.get(name, False)
    )
    if games:
        result.not_understood.append(NotUnderstood(sentence, games, (), problem))


# "I, Janet, place ..." and "I (Janet) place ...": the speaker named after "I".
_NAMED_SPEAKER_FORM = re.compile(
    r"^I\s*(?:,\s*(?P<comma>[A-Za-z\u00C0-\u024F][\w'\-\u00C0-\u024F]*)\s*,|"
    r"\(\s*(?P<bracket>[A-Za-z\u00C0-\u024F][\w'\-\u00C0-\u024F]*)\s*\))"
)
# Words that may follow "I," without being a name ("I, hereby, ...", "I, too, ...").
_NOT_A_NAME = frozenset(
    {"hereby", "too", "also", "then", "now", "therefore", "thus", "again", "however", "though"}
    | {"personally"}
    # "I, reluctantly, resign ...": the author's feeling about it (P75-lead-s20-3), never a
    # doubt or a jest ("I, maybe, ...", "I, jokingly, ..." stay names, and told).
    | {"reluctantly", "regretfully", "sadly", "gladly", "happily", "humbly", "respectfully"}
    | {"proudly", "solemnly", "cheerfully", "grudgingly", "formally", "officially"}
    # "I, Surveyor, deactivate Murphy": an office the author speaks in, as "I, the Surveyor,"
    # is, never another person (rulings P53-read-agora-s12-2). Only offices' own names:
    # "Victor" or "Taylor" may be a person's.
    | {"surveyor", "registrar", "sensei", "referee", "lord-ruler", "gamesmaster", "speaker"}
    | {"arbitor", "assessor", "promotor", "rulekeepor", "reportor", "treasuror", "webmastor"}
)


# The capacity a speaker names after the name ("I, Janet, as Surveyor, ...").
_CAPACITY = re.compile(r"(?:as|the|your|in\s+my\s+(?:role|capacity)\s+as)\s", re.IGNORECASE)


def _named_speaker(text: str) -> str | None:
    """The name an "I, NAME, ..." sentence gives its speaker, if any."""
    match = _NAMED_SPEAKER_FORM.match(text)
    if match is None:
        return None
    name: str = match.group("comma") or match.group("bracket")
    return None if name.casefold() in _NOT_A_NAME else name


def _report_other_speaker(
    sentence: Sentence,
    speaker: str,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
) -> None:
    """A sentence that names someone other than its author as the one acting: told, never
    performed (an action is its author's own; acting for another is not by announcement)."""
    named = _NAMED_SPEAKER_FORM.match(sentence.text)
    after = "" if named is None else sentence.text[named.end() :].lstrip(" ,")
    # ("I, Janet, as Surveyor, resign": the capacity keeps its commas.)
    rest = ("I, " if _CAPACITY.match(after) else "I ") + after if named else sentence.text
    # "I, Janet, resign.": a game's own words in the voice given to another are told too,
    # as they would be in the author's (P66-read-agora-s17-4).
    lexicons = tuple(candidates[0].lexicon for candidates in by_grammar.values())
    attempts = dict(zip(by_grammar, attempted_by(rest, lexicons), strict=True))
    games = tuple(
        game.name
        for grammar, candidates in by_grammar.items()
        for game in candidates
        if (game.looks_like_action(rest) or attempts[grammar]) and plays.get(game.name, False)
    )
    if not games:
        return
    result.not_understood.append(
        NotUnderstood(
            sentence,
            games,
            (),
            f"it names {speaker!r} as the one acting, not its author, so nothing was done; "
            "the referee performs only its author's own actions",
        )
    )


def _without_own_label(sentence: Sentence, author: str) -> Sentence:
    """``sentence`` without a leading label that is its author's own name ("nix:", "nix -")
    or "Me:", the author naming emself so ("Me: tile at C4"; P73-read-games-s20-10)."""
    if sentence.text[:3].casefold() == "me:":
        named = 2
    elif sentence.text[: len(author)].casefold() == author.casefold():
        named = len(author)
    else:
        return sentence
    match = _OWN_LABEL.match(sentence.text, named)
    if match is None:
        return sentence
    return replace(
        sentence, text=sentence.text[match.end() :], column=sentence.column + match.end()
    )


# The separator after the author's name that makes it a label: a colon, an arrow or a dash.
_OWN_LABEL = re.compile(r"\s*(?::|->|=>|\u2192|\s-|[\u2013\u2014])\s*(?=\S)")


def _report_speaker_label(
    sentence: Sentence,
    name: str,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
) -> None:
    """A sentence given as someone's words ("Janet: I leave my alliance."): told, since it
    reads as a record of what another said, never performed."""
    rest = without_speaker_label(sentence.text)
    games = tuple(
        game.name
        for candidates in by_grammar.values()
        for game in candidates
        if game.looks_like_action(rest) and plays.get(game.name, False)
    )
    if not games and not rest.startswith("I"):
        # "Janet: tile at D4": the act with no "I", which a game reads once its words are
        # set aside (P68-read-games-s18-4).
        games = tuple(
            name
            for name in _games_reading(
                replace(sentence, text=rest), by_grammar, plays, private=False
            )
            if plays.get(name, False)
        )
    if not games and len(rest.split()) <= 3:
        # "Janet: investment.": a game's own thing alone, read by no game (P70-read-games-s19-6).
        games = tuple(
            game.name
            for candidates in by_grammar.values()
            for game in candidates
            if game.lexicon.own_words is not None
            and game.lexicon.own_words.search(rest)
            and plays.get(game.name, False)
        )
    if not games:
        return
    result.not_understood.append(
        NotUnderstood(
            sentence,
            games,
            (),
            f"it opens with {name + ':'!r}, which reads as {name}'s words, not the author's, "
            "so nothing was done; if the action is yours, write it without the name",
        )
    )


# "I support.", "Support.", "I object to this.": an answer to the intent quoted above it.
_BARE_RESPONSE = re.compile(
    r"^(?P<opener>[\w\-']+(?:\s+[\w\-']+){0,2}\s*[:,]\s*|"
    # "Of course I support.": a word of assent before the "I", with no comma.
    r"(?:of\s+course|sure|yes|absolutely|definitely|certainly|obviously|naturally)\s+(?=I\s)|"
    # "Absolutely support.", "Definitely object": the answer, with the assent said first.
    r"(?:absolutely|definitely|certainly|totally|fully|wholeheartedly)\s+(?=support\b|object\b))?"
    r"(?:I\s+(?:hereby\s+)?"
    r"(?:(?:happily|gladly|strongly|formally|heartily|wholeheartedly|also)\s+)?|"
    # "Strong support.", "Full support from me", "Firm objection.": the answer, weighed.
    r"(?:strong|full|total|firm|enthusiastic|wholehearted|hearty|unreserved)\s+(?=support\b|objection\b)|"
    # "You have my support": the author's support given.
    r"you(?:\s+have|['\u2019]ve\s+got|\s+have\s+got)\s+my\s+(?=support\b|objection\b)|"
    # "Count me as a supporter", "I become a supporter of this intent" (rule 1728's words).
    r"(?:count\s+me\s+(?:in\s+)?as|I\s+(?:hereby\s+)?(?:become|am)|I['\u2019]m)\s+(?:a|an|one)\s+"
    r"(?=supporter\b|objector\b)|"
    # "I'm supporting this.": the answer, said in the present continuous (P63-read-agora-s16-12).
    r"I(?:['\u2019]m|\s+am)\s+(?:(?:also|happily|gladly)\s+)?(?=supporting\b|objecting\b)|"
    # "Count me as supporting.", "Mark me down as objecting to this": the author's answer,
    # stated (P63-read-agora-s16-1).
    r"(?:please\s+)?(?:count|mark|put|list|record)\s+me\s+(?:down\s+)?as\s+(?=supporting\b|objecting\b)|"
    # "Count my support.", "Please note my objection": the author's answer, to be counted;
    # "I hereby give my support.", "My support.": the answer given (P53-read-agora-s12-6).
    r"(?:please\s+)?(?:count|add|note|record|log)\s+my\s+(?=support\b|objection\b)|"
    # "Consider this my objection.", "Take this message as my support", "This is my
    # objection": the message itself is the answer (P66-read-agora-s17-11).
    r"(?:please\s+)?(?:consider|take|treat|count|accept)\s+this(?:\s+(?:message|e-?mail|mail|post|reply))?\s+"
    r"(?:as\s+|to\s+be\s+)?my\s+(?:formal\s+)?(?=support\b|objection\b)|"
    r"this(?:\s+(?:message|e-?mail|mail|post|reply))?\s+(?:is|serves\s+as|constitutes)\s+my\s+(?:formal\s+)?"
    r"(?=support\b|objection\b)|"
    r"I\s+(?:hereby\s+)?(?:give|lend|offer|add|pledge|register|lodge|raise|voice|express|enter)\s+"
    r"my\s+(?=support\b|objection\b)|my\s+(?=support\b|objection\b))?"
    r"(?P<verb>support(?:er|ed|ing)?|object(?:or|ion|ed|ing)?|withdraw\s+my\s+"
    r"(?:support|objection)|\+\s*1|second(?:ed)?)"
    r"(?:\s+(?:to|for|from|of)?\s*(?:(?:this|that|your|the|its)\s+intent(?:ion)?|this|that|it|"
    # "I support the above (intent)", "I object to the quoted intent (the intent above)".
    r"the\s+above(?:\s+intent(?:ion)?)?|the\s+(?:quoted|above)\s+intent(?:ion)?|"
    r"the\s+intent(?:ion)?\s+(?:quoted\s+above|above|quoted)|"
    # "I object to your joining": the act the quoted intent intends, named as a deed.
    r"(?:your|this|that|the)\s+(?:joining|leaving|application|request)|"
    r"this\s+one|(?P<all>both(?:\s+of\s+(?:them|these|those|the\s+intents))?|them\s+(?:both|all)|"
    r"all(?:\s+(?:of\s+)?(?:them|these|those|the\s+intents|(?:these|those|the)\s+intents))?|"
    r"all\s+(?:two|three|four)(?:\s+of\s+them)?|"
    r"each(?:\s+of\s+them)?|(?:all|each)\s+of\s+(?:these|those|the)\s+intents)))?"
    # "+1 from me too", "Support from me as well": who answers, and that others did
    # (P56-read-agora-s13-6).
    r"(?:\s+(?:as\s+well|too|also|from\s+me)){0,2}"
    # "I support, welcome aboard!": a few words of greeting or reason after a comma or dash.
    r"(?P<aside>\s*[,;\u2013\u2014]\s*[^?]{1,60}?|\s+-{1,2}\s+[^?]{1,60}?|\s*\([^()?]{1,60}\)|"
    r"\s+and\s+(?:then\s+)?(?:I\s+)?(?:hereby\s+)?(?:do\s+so|perform\s+it))?"
    # A smiley or an emoji at the end ("Support :)", "I object 👎").
    r"(?:\s*(?:[:;]-?[)(DP]|[\u2600-\u27bf\ufe0f\U0001f300-\U0001faff]+))*[\s!.]*$",
    re.IGNORECASE,
)

_BARE_RESPONSE_LONGEST = 80
_PASSIVE_WITHDRAWAL = re.compile(
    r"^(?:my\s+)?(support|objection)\s+(?:is\s+)?(?:hereby\s+)?withdrawn\b", re.IGNORECASE
)

# "As a member of alliance 3, I support.": the capacity the author answers in, a claim the
# rules check (only members' support counts for a joining), before the answer
# (P56-read-agora-s13-9).
_CAPACITY_FIRST = re.compile(
    r"^as\s+(?:a|an|its|one|the)\s+(?:(?:existing|current|founding)\s+)?member"
    r"(?:\s+of\s+(?:alliance\s+#?\d+|(?:this|that|the|my|[\w\-]+['\u2019]s)\s+alliance|it))?\s*,\s*"
    r"(?=I\s+(?:hereby\s+)?(?:support|object)\b)",
    re.IGNORECASE,
)

# "I support if nobody else objects", "Object unless it is withdrawn": a bare answer with a
# condition after it and no comma (with one, the aside of _BARE_RESPONSE has it).
_ANSWER_IF = re.compile(
    # ("Support from me once ...", "Objection withdrawn if ...": P74-read-agora-s20-16.)
    r"^(?:I(?:['\u2019]d|\s+would)?\s+(?:hereby\s+)?)?(?:withdraw\s+my\s+)?(?:support|object(?:ion)?)"
    r"(?:\s+(?:is\s+)?withdrawn)?(?:\s+(?:from\s+me|too|as\s+well))?\s+"
    r"(?P<if>(?:if|unless|provided|assuming|so\s+long\s+as|as\s+long\s+as|only\s+if|once|when)\b"
    r"[^?]{1,60}?)[\s.!]*$",
    re.IGNORECASE,
)

# "No," before an objection: the same answer, said twice.
_NO_OBJECTION = re.compile(r"^\s*(?:no|nope|nah)\s*[:,]\s*$", re.IGNORECASE)
# "I support you.", "I object to Janet.": a person answered, not an intent: told.
_A_PERSON_ANSWERED = re.compile(
    r"^I\s+(?:support|object\s+to)\s+(?:you|him|her|them|(?-i:[A-Z])[\w\-]*)[\s.!]*$", re.IGNORECASE
)

# "I support, and do so.": the answer, then the performance of the intent answered.
_AND_DO_SO = re.compile(
    r"^[\s,;]*and\s+(?:then\s+)?(?:I\s+)?(?:hereby\s+)?(?:do\s+so|perform\s+it)[\s.!]*$",
    re.IGNORECASE,
)
# An aside that names a thing answered ("..., intent 4", "(AP 3)"): the sentence is for
# the games' readings, never an answer to be told about here.
_NAMES_A_THING = re.compile(r"[0-9]|\b(?:intent|proposal|AP)\b", re.IGNORECASE)


# "Happy to support!", "I'd be glad to object": a willingness to answer, not an answer.
_WILLING = re.compile(
    r"^(?:(?:I['\u2019]?m|I\s+am|I['\u2019]d\s+be|I\s+would\s+be)\s+)?(?:(?:very|more\s+than)\s+)?"
    r"(?:happy|glad|willing|pleased|keen|delighted)\s+to\s+(?:support|object)\b[^?]{0,40}$",
    re.IGNORECASE,
)


# "I must object, I'm afraid.", "I have to support this": an answer said as an obligation,
# a modal the project never performs; told under a quoted intent (P56-read-agora-s13-11).
_OBLIGED = re.compile(
    r"^I\s+(?:really\s+)?(?:must|have\s+to|need\s+to|feel\s+(?:I\s+must|obliged\s+to))\s+"
    r"(?:support|object)\b[^?]{0,60}$",
    re.IGNORECASE,
)


# Words of which every answer holds one ("support", "objection", "+1", "seconded").
_ANSWER_WORDS = ("support", "object", "+", "second")


def _without_willingness_acted_on(result: ParseResult) -> list[NotUnderstood]:
    """The lines told, less a willingness to answer ("I'm happy to support this.") beside
    the answer it speaks of, given plainly in the same message ("I support."): its reason,
    not another attempt (P56-read-agora-s13-8)."""
    # Only a plain answer to the intent answered inline ("I support."), never to an intent
    # named by its number, which may be another.
    given = {
        type(found.action)
        for found in result.actions
        if isinstance(found.action, (SupportIntent, ObjectToIntent))
        and found.action.ref.number is None
    }
    kept: list[NotUnderstood] = []
    for item in result.not_understood:
        willing = _WILLING.match(item.sentence.text)
        if willing is not None:
            answer = SupportIntent if "support" in willing.group().casefold() else ObjectToIntent
            if answer in given:
                continue
        kept.append(item)
    return kept


def _near_bare(text: str) -> bool:
    """Whether ``text`` is a bare answer but for words around it that may change it
    ("Support (and I hope Murphy does too)", "I support, not that it matters"), or a
    willingness to answer ("Happy to support!"): under a quoted intent it is told, never
    performed nor dropped (rulings P43-read-agora-s10-6)."""
    if len(text) > _BARE_RESPONSE_LONGEST:
        return False
    folded = text.casefold()
    if not any(word in folded for word in _ANSWER_WORDS):
        return False  # the cheap test first: every answer names its verb
    match = _BARE_RESPONSE.match(text)
    if match is None:
        return (
            _WILLING.match(text) is not None
            or _A_PERSON_ANSWERED.match(text) is not None
            or _OBLIGED.match(text) is not None
        )
    if match.group("opener") and _ADDRESSED_SPONSOR.match(text):
        return False  # "Janet, I support your intent": Janet's, for the games' readings
    around = (match.group("opener") or "") + (match.group("aside") or "")
    return not _NAMES_A_THING.search(around) and not _aside_acts(match.group("aside") or "")


def _bare_response(text: str) -> re.Match[str] | None:
    """A bare answer to an intent, after at most a short opener that is no condition or
    hedge ("FWIW, support.", "Janet: +1"; never "If it passes, support.")."""
    if len(text) > _BARE_RESPONSE_LONGEST:
        return None
    if text[:1] in "*_":
        text = text.strip("*_")  # "**Support.**": emphasis, not words
    if text[:1] == "+":
        # "+1, I support.": the "+1" is the support said twice (never before an objection).
        text = _PLUS_ONE_FIRST.sub("", text, count=1)
    if text[:3].casefold() == "as ":
        text = _CAPACITY_FIRST.sub("", text, count=1)
    if "withdrawn" in text[:40].casefold():
        # "Objection withdrawn.", "My support is hereby withdrawn.": the withdrawal, said
        # passively (P74-read-agora-s20-16).
        text = _PASSIVE_WITHDRAWAL.sub(r"I withdraw my \1", text, count=1)
    match = _BARE_RESPONSE.match(text)
    if match is None:
        return None
    opener = match.group("opener")
    if opener and _NO_OBJECTION.match(opener) and match.group("verb")[:6].casefold() == "object":
        opener = None  # "No, I object.": the "no" is the objection's own
    # An opener that names the thing answered ("Arcadian Proposal 3: I object.") makes the
    # sentence a labelled answer, for the games' readings, not a bare one.
    if opener and (hedged(opener) or _CHANGES_THE_ANSWER.search(opener)):
        return None
    if opener and _ADDRESSED_SPONSOR.match(text):
        return None  # "Murphy, I support your intent": Murphy's, for the games' readings
    aside = match.group("aside")
    if aside and _AND_DO_SO.match(aside):
        return match
    if aside and _AS_I_SAID.match(aside) and not _CHANGES_THE_ANSWER.search(aside):
        return match  # "I object to this, as I said on discussion": a reason told before
    if aside and _APOLOGY.match(aside):
        return match  # "I withdraw my support, sorry, I misread the intent": an apology
    if aside and _HOW_MUCH.match(aside):
        return (
            match  # "I object, but only mildly": how strongly, not whether (P74-read-agora-s20-15)
        )
    if aside and (hedged(aside) or _CHANGES_THE_ANSWER.search(aside) or _aside_acts(aside)):
        return None
    return match


# "Murphy, I support your intent.": the intent of the one addressed by name (never a word
# of greeting or assent before the comma), read by the games as "Murphy's intent".
_ADDRESSED_SPONSOR = re.compile(
    r"^(?!(?:ok|okay|so|well|yes|yep|no|sure|thanks|sorry|hi|hello|hey|dear|all|everyone|folks|"
    r"agora|fine|right|also|now|then|again|anyway|please|first|next|finally|actually)\b)"
    r"(?-i:[A-Z])[\w\-]{1,30}\s*,\s*I\s+(?:hereby\s+)?[a-z ]{0,40}?\byour\s+intent(?:ion)?[\s.!]*$",
    re.IGNORECASE,
)


# "+1, I support.", "+1 - support": agreement, then the support it means, said again.
_PLUS_ONE_FIRST = re.compile(
    r"^\+\s*1\s*(?:[,;:.!\u2013\u2014]|\s-)?\s*(?=(?:I\s+(?:hereby\s+)?)?support(?:ed)?\b)",
    re.IGNORECASE,
)


# "..., as I said on discussion": where the author gave the reason, not another answer.
_AS_I_SAID = re.compile(
    r"^\s*[,;\u2013\u2014-]?\s*as\s+I\s+(?:said|wrote|mentioned|argued|explained|noted)\b[^?]{0,40}$",
    re.IGNORECASE,
)


# After a bare answer, an action of the author's own ("+1, I agree to play Single-Capture
# Go"): the sentence is that action, read by the games, never a bare answer to an intent.
_ACTS_AFTER_ANSWER = re.compile(
    r"^[\s,;:\-\u2013\u2014]*I\s+(?:hereby\s+|also\s+|too\s+)?(?:agree|join|leave|claim|build|destroy|"
    r"play|place|become|create|apply|announce|begin|start|set|register|deregister|resign|appoint|"
    r"invest|offer|accept|grant|capture|deactivate|name|paint|flip|cease|enter)\b",
    re.IGNORECASE,
)


def _aside_acts(aside: str) -> bool:
    return aside.lstrip(" ,;:-\u2013\u2014")[:2] == "I " and bool(_ACTS_AFTER_ANSWER.match(aside))


# After an answer, an apology for an earlier one ("..., sorry, I misread the intent"): the
# answer stands as given ("my mistake" may disown the answer itself: told; P71-read-agora-s19-6).
_APOLOGY = re.compile(
    r"^[\s,;:\u2013\u2014-]*(?:sorry|oops|whoops|apologies|my\s+apologies)"
    r"(?:\s*(?:[,;:!.]|\u2013|\u2014|-)?\s*(?:all|everyone|folks))?"
    r"(?:\s*(?:[,;:!.]|\u2013|\u2014|-)?\s*I\s+(?:mis-?read|misunderstood|mis-?clicked|got\s+confused\s+by|"
    r"was\s+(?:wrong|confused)\s+about)(?:\s+(?:the\s+intent(?:ion)?|it|that|this|the\s+message|what\s+it\s+(?:does|did)))?)?"
    r"[\s.!]*$",
    re.IGNORECASE,
)


# After an answer, words that make it another answer or none ("Support, but only ...").
# "..., but only mildly", "..., if reluctantly", "..., albeit grudgingly": how strongly the
# author answers, said after the bare answer; the answer stands.
_HOW_MUCH = re.compile(
    r"^\s*[,;\u2013\u2014\-]*\s*(?:(?:but|if|albeit|though)\s+)?(?:only\s+)?(?:very\s+|a\s+bit\s+)?"
    r"(?:mildly|slightly|weakly|softly|reluctantly|grudgingly|hesitantly|tentatively|"
    r"half-?heartedly|strongly|firmly|a\s+little)[\s.!]*$",
    re.IGNORECASE,
)
_CHANGES_THE_ANSWER = re.compile(
    r"\b(?:but|only|except|unless|instead|not|no|nor|rather|intent|object\w*|support\w*|"
    # "I object - my mistake": the answer itself may be the mistake (P71-read-agora-s19-6).
    r"withdraw\w*|mistake\w*|wrong|error|accident\w*|typo|meant)\b|n['\u2019]t\b|[0-9]",
    re.IGNORECASE,
)


# The answer names an intent ("I support your intent."): never left unanswered.
_NAMES_AN_INTENT = re.compile(r"\bintent", re.IGNORECASE)
# A quoted announcement of intent: "I intend, with 2 support, to ...", "I intend to ...".
_QUOTED_INTENT = re.compile(r"\bI\s+(?:hereby\s+)?intend\b", re.IGNORECASE)
# The Register is the referee's own record, not a game an intent would name: "to ratify the
# Register" is the Registrar's business (P63-read-agora-s16-3).
_NOT_NAMED_AS_A_GAME = frozenset({"register", "alliances"})


@lru_cache(maxsize=32)
def _game_name_pattern(name: str) -> re.Pattern[str]:
    words = r"[\s-]+".join(re.escape(word) for word in re.split(r"[\s-]+", name))
    return re.compile(rf"\b{words}\b", re.IGNORECASE)


def _names_the_game(name: str, line: str) -> bool:
    """Whether ``line`` names the game ``name`` ("a Commune tournament", "Single-Capture
    Go"), the Register and the Alliances aside."""
    if name.casefold() in _NOT_NAMED_AS_A_GAME:
        return False
    return _game_name_pattern(name).search(line) is not None


# "I object to that.", "I support this.", "Object to it.", "I support the above.": an answer
# that points at something written elsewhere.
_POINTS_AT_SOMETHING = re.compile(r"\b(?:this|that|it|above|your|these|those|them|both)\b", re.I)


# "As do I.", "Me too.", "Same.": the action of the message replied to, for the author.
_ECHO = re.compile(
    r"^(?:(?:and\s+)?(?:as|so)\s+do\s+I(?:\s+too)?|me\s+too|same(?:\s+here|\s+for\s+me)?|"
    r"ditto|likewise|I\s+too|I\s+do\s+(?:too|the\s+same|likewise))"
    # "As do I, sadly.": a few words after a comma or dash, checked by ``_echo_of``.
    r"(?P<aside>\s*[,;\u2013\u2014]\s*[^?]{1,40}?|\s+-\s+[^?]{1,40}?)?[\s!.]*$",
    re.IGNORECASE,
)


def _echo_of(text: str) -> bool:
    """Whether ``text`` repeats the action replied to ("As do I.", "Me too, gladly.")."""
    match = _ECHO.match(text)
    if match is None:
        return False
    aside = match.group("aside")
    return not aside or not (hedged(aside) or _CHANGES_THE_ANSWER.search(aside))


# "if that fails, at E6", "failing that, E6", "otherwise (3, 4)", "Backup: e6": another place
# for the act before it, should that one fail; the referee performs acts, not plans.
_FALLBACK = re.compile(
    r"^(?:(?:or|and|but)\s+)?(?:if\s+not|if\s+(?:that|this|it|so|the\s+(?:first|former)|"
    r"[A-Za-z]-?[0-9]{1,2}\b|\([^()]{1,12}\))"
    # ... "if" only with a word of failing: "If G6 is empty, I place ..." is a condition.
    r"(?=[^,:;\u2013\u2014]{0,40}?\b(?:fail\w*|taken|occupied|illegal|invalid|blocked|"
    r"impossible|gone|full|not\s+(?:free|empty|available|possible|legal|allowed)|"
    r"(?:doesn|won|can)['\u2019]?t)\b)[^,:;\u2013\u2014]{0,40}?|"
    r"failing\s+(?:that|this)|otherwise|(?:or\s+)?else|in\s+case\s+(?:that|it)\s+fails|"
    r"back\s*-?up(?:\s+(?:move|play|choice|plan))?|fall\s*-?back|second\s+choice|plan\s+b|"
    r"alternatively)\s*[,:\-\u2013\u2014]?\s+(?P<rest>.*(?:\([^()]*[0-9][^()]*\)|\b[A-Za-z]-?[0-9]{1,2}\b).*)$",
    re.IGNORECASE,
)
# A thing and its place, then what was done to it, as a record or a checklist writes it.
_STATUS_LINE = re.compile(
    r"^(?P<thing>[^:;]{1,60}?)\s*(?::|\s(?:-{1,2}|[\u2013\u2014])|=>?|->)\s*(?:now\s+)?"
    r"(?:placed|played|captured|claimed|built|destroyed|demolished|withdrawn|accepted|taken|"
    r"done|granted|founded|named|invested)[\s.!]*$",
    re.IGNORECASE,
)
_STATUS_TOLD = (
    "it says what was done to a thing, as a record does, rather than announcing an action "
    "of your own, so nothing was done; to act, announce the action itself"
)
_FALLBACK_TOLD = (
    "it names a fallback, for use should another action fail, and the referee performs each "
    "action as written, never one that depends on another failing, so nothing was done for "
    "it (an action before it stands as written); announce it on its own if you mean it"
)


_A_PLACE = r"(?:\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)|\b[A-Za-z]-?[0-9]{1,2}\b)"
_ALTERNATIVE_PLACES = re.compile(
    rf"^(?:either\s+)?(?:(?:at|on)\s+)?{_A_PLACE}\s*(?:or|/|and/or)\s*(?:(?:at|on)\s+)?"
    rf"{_A_PLACE}(?P<rest>.*)$",
    re.IGNORECASE,
)
_TALK_AFTER = re.compile(
    r"\b(?:would|could|should|might|may|is|are|was|were|looks?|seems?|both)\b", re.IGNORECASE
)
_ALTERNATIVE_TOLD = (
    "it offers two places with 'or', and the referee does not choose between them, so "
    "nothing was done; announce the one action you perform"
)


def _alternative_places(text: str) -> bool:
    """Whether ``text`` offers two places as alternatives, not as talk about them."""
    match = _ALTERNATIVE_PLACES.match(text)
    return match is not None and _TALK_AFTER.search(match.group("rest")) is None


# The words that open an answer to a quoted act: the author, "same", "+1".
def _a_game_act(found: Sequence[FoundAction]) -> bool:
    """Whether ``found`` holds an act of a game's own, not an answer to an intent (an answer
    under a quoted answer is the replies' business, P1n)."""
    return any(item.action.__class__.__module__ != "referee.games.tabled.actions" for item in found)


# "Okinawa: nothing this week.", "Arcadia - pass", "Go: no move from me": nothing done.
_NOTHING_UNDER_LABEL = re.compile(
    r"^[\w\-' ]{1,30}\s*(?::|\s[\-\u2013\u2014])\s*(?:nothing|none|no\s+(?:moves?|actions?|plays?)|"
    r"pass(?:ing)?|skip(?:ping)?|I\s+pass|I\s+abstain)"
    r"(?:\s+(?:(?:for\s+)?this\s+(?:week|round|turn|time)|today|for\s+now|from\s+me))*[\s.!]*$",
    re.IGNORECASE,
)
# A short label of words at the start of a sentence, closed by a colon or a spaced dash:
# "Recap:", "Testing --", "Spoiler -".
_LEADING_LABEL = re.compile(
    r"^[\s(\[]*[A-Za-z][\w'\u2019]*(?:[\s,]+[\w'\u2019]+){0,3}[\s)\]]*"
    r"(?::|\s(?:-{1,2}|[\u2013\u2014])\s)\s*(?=\S)"
)
# "Yesterday: tile at D4": a day gone by over what the author did then, a record, left alone
# as the corpus pins it (read-games-s17-3-classes).
_PAST_TIME_LABEL = re.compile(
    r"^\s*(?:yesterday|earlier(?:\s+today)?|last\s+(?:week|night|time|round|turn|month)|"
    r"\w+\s+ago)\s*[:\-\u2013\u2014]",
    re.IGNORECASE,
)
_UNDER_LABEL_TOLD = (
    "it opens with {label!r}, which makes what follows it no plain action of your own, so "
    "nothing was done; to act, announce the action on its own"
)


def _tell_under_label(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
) -> None:
    """Tell of an act under a label that kept it from being read, if what follows the label,
    read alone, is an act of a game the author plays."""
    label = _LEADING_LABEL.match(sentence.text)
    if label is None or _PAST_TIME_LABEL.match(sentence.text):
        return
    rest = replace(sentence, text=sentence.text[label.end() :])
    problem = _UNDER_LABEL_TOLD.format(label=sentence.text[: label.end()].strip())
    _tell_if_read(rest, by_grammar, plays, result, private, problem)


_ANSWERS_AN_ACT = re.compile(
    r"^(?:me|mine|my\s+one|same|ditto|likewise|\+\s*1|also\s+me|me\s+as\s+well)\b|^\+\s*1",
    re.IGNORECASE,
)
_ANSWER_TOLD = (
    "it answers the action quoted above it, but in words that were not understood as an "
    "action of your own, so nothing was done; write the action you perform"
)


_POINTED_ONLY = re.compile(
    r"^I\s+(?:hereby\s+|also\s+)?(?:claim|place|play|build|capture|destroy|invest\s+in)\s+"
    r"(?:it|that|this(?:\s+one)?|them(?:\s+(?:both|all))?|the\s+same(?:\s+one)?)"
    r"(?:[\s,]+(?:too|also|as\s+well|again|now|please))*[\s.!]*$",
    re.IGNORECASE,
)
_POINTED_ONLY_TOLD = (
    "it names what it acts on only by pointing at it ('it', 'that'), and the referee could "
    "not tell what that is, so nothing was done; name the place or thing"
)


def _echo_with_change(text: str) -> str | None:
    """The words after "Me too," or "Same," that change the action repeated ("but at E6"),
    or None when ``text`` is no echo or repeats the action as it is."""
    spaced = _ECHO_THEN_PLACE.match(text)
    match = _ECHO.match(text) if spaced is None else None
    if spaced is None and (match is None or not match.group("aside")):
        return None  # no echo: the anchored forms fail at once on most sentences
    if _OWN_ACT_AFTER.search(text):
        return None  # "Me too, but one over: I place a tile at F3": the author's own act
    if spaced is not None:
        return spaced.group("change")
    if _echo_of(text):
        return None
    return match.group("aside").strip(" ,;-\u2013\u2014") if match is not None else None


_OWN_ACT_AFTER = re.compile(r"[,:;\-\u2013\u2014]\s*I\s+(?:hereby\s+)?[a-z]{3,}\b")
# "I do the same at (1, 2).", "Same for me on E6": an echo and its place with no comma.
_ECHO_THEN_PLACE = re.compile(
    r"^(?:I\s+do\s+(?:the\s+same|likewise)|same(?:\s+here|\s+for\s+me)?|me\s+too|ditto)\s+"
    r"(?P<change>(?:but\s+|only\s+)?(?:at|on|in|onto)\s+\S.*|but\s+\S.*)$",
    re.IGNORECASE,
)


# "but at E6", "only on (1, 2) instead", "at e6 though": the one place the echo changes.
_CHANGED_PLACE = re.compile(
    r"^(?:but\s+|only\s+)?(?P<place>(?:(?:at|on|in)\s+)?\S.*?)"
    r"(?:\s+instead|\s+though|\s+rather)?[\s.!]*$",
    re.IGNORECASE,
)


def _echo_changed(
    sentence: Sentence,
    change: str,
    replied: _Replied,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
) -> None:
    """ "Same, at E6.": the one action replied to, with its one place replaced by the
    author's, performed as the author's own; told when the change is anything else, when
    the message replied to holds several actions, or when it is a secret move."""
    actions = replied.found()
    names = tuple(dict.fromkeys(item.game for item in actions))
    games = {g.name: g for g in replied.games}
    place = _CHANGED_PLACE.match(change)
    if len(actions) == 1 and not games[actions[0].game].is_secret_move(actions[0].action):
        form = _own_form(actions[0].action.source.text)
        if place is not None and not _IMPLICIT.search(form):
            before = len(result.actions)
            for correct in (_correct_argument, _correct_object):
                if correct(
                    replace(sentence, text=form),
                    replace(sentence, text=place.group("place")),
                    result,
                    before,
                    by_grammar,
                    plays,
                    False,
                ):
                    return
    result.not_understood.append(
        NotUnderstood(
            sentence,
            names,
            (),
            "it repeats another's action with a change, but the change was not understood "
            "as one place or thing for the one action replied to, so nothing was done; write the "
            "action you perform",
        )
    )


def only_answers(lines: Sequence[str]) -> bool:
    """Whether a message's own lines say nothing but agreement or a bare answer ("As do
    I.", "Me too!", "Support."): a reply to it that agrees too agrees with what it agreed
    with (docs/rulings.md P19)."""
    said = [line.strip() for line in lines if line.strip()]
    return bool(said) and all(_echo_of(line) or _bare_response(line) is not None for line in said)


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
        *,
        own: Sequence[tuple[int, str]] = (),
    ) -> None:
        self.games = games
        self.quoted = list(quoted)
        self.plays = plays
        self.replied = replied
        self._found: list[FoundAction] | None = None
        self._own = own
        self._blocks: dict[int, _Replied] | None = None

    def _holds_nothing(self) -> bool:
        """Whether the message quotes nothing and the message it replies to (if any) holds
        no line: nothing is there for an answer to point at."""
        if self.quoted:
            return False
        return self.replied is None or not self.replied()

    def answers_something(self) -> bool:
        """Whether the message quotes text or replies to one: else no answer is answered."""
        return bool(self.quoted) or self.replied is not None

    def inline(self, line: int) -> _Replied:
        """What an answer on ``line`` answers: in a message that answers inline (quoted
        text, the author's lines, quoted text again), the quoted lines just above it; else
        (one quoted passage, or an answer above all of them) the message as a whole."""
        if self._blocks is None:
            self._blocks = self._inline_blocks()
        above = [last for last in self._blocks if last < line]
        return self._blocks[above[-1]] if above else self

    def _inline_blocks(self) -> dict[int, _Replied]:
        """Each quoted passage, by its last line, when there are several."""
        blocks: list[list[tuple[int, str]]] = []
        if not self.quoted:
            return {}
        own_lines = [number for number, text in self._own if text.strip()]
        for number, text in self.quoted:
            if blocks and not any(blocks[-1][-1][0] < own < number for own in own_lines):
                blocks[-1].append((number, text))
            else:
                blocks.append([(number, text)])
        if len(blocks) < 2:
            return {}
        return {block[-1][0]: _Replied(self.games, block, self.plays, None) for block in blocks}

    def found(self) -> list[FoundAction]:
        """The actions answered."""
        if self._found is None:
            actions: list[FoundAction] = []
            if self.quoted:
                actions = find_actions(self.games, self.quoted, self.plays, own_words=False).actions
            if not actions and self.replied is not None:
                original = self.replied()
                if original:
                    actions = find_actions(
                        self.games, original, self.plays, own_words=False
                    ).actions
            self._found = actions
        return self._found

    def intents(self) -> list[tuple[str, str]]:
        """(game name, the intended action's words) of each intent answered."""
        tabled = [
            (item.game, item.action.action.source.text)
            for item in self.found()
            if isinstance(item.action, TableIntent)
        ]
        return tabled or self._restated_intents()

    def _restated_intents(self) -> list[tuple[str, str]]:
        """The intents quoted as a game restates them (``Lexicon.quoted_intents``): each
        game's first, when the quoted text tables none by its own act."""
        if not self.quoted:
            return []
        text = " ".join(line for _, line in self.quoted)
        found: list[tuple[str, str]] = []
        for game in self.games:
            if not self.plays.get(game.name, False):
                continue
            for pattern, act in game.lexicon.quoted_intents:
                for match in pattern.finditer(text):
                    intent = (game.name, match.expand(act))
                    if intent not in found:
                        found.append(intent)
        return found

    def quotes_a_games_intent(self) -> bool:
        """Whether the quoted text announces an intent ("I intend, with 2 support, ...") in
        words of a game the author plays, read or not. An intent of other business (a
        ratification, a deputisation) is not the referee's to ask about (P63-read-agora-s16-3).
        An intent that names a game the author plays ("to start a Commune tournament") is in
        that game's words too (P74-read-agora-s20-3)."""
        return any(
            _QUOTED_INTENT.search(line)
            and any(
                self.plays.get(game.name, False)
                and (game.looks_like_action(line) or _names_the_game(game.name, line))
                for game in self.games
            )
            for _, line in self.quoted
        )

    def answer(
        self,
        sentence: Sentence,
        verb: str,
        by_grammar: Mapping[str, list[Game[Any]]],
        plays: Mapping[str, bool],
        result: ParseResult,
        every: str | None = None,
        *,
        perform: bool = False,
    ) -> None:
        """The answer ``verb`` to the one intent answered, or (``every``: "both", "all of
        them") to each of them; ``perform``: and the performance of that one intent ("I
        support, and do so")."""
        intents = self.intents()
        if not intents and self._same_answer(sentence, verb, by_grammar, plays, result):
            return
        if not intents:
            if _NAMES_AN_INTENT.search(sentence.text):
                result.not_understood.append(
                    NotUnderstood(
                        sentence,
                        _tabling(self.games),
                        (),
                        "it answers an intent, but neither its quoted text nor the message "
                        'it replies to holds one; name the intent ("intent 3", "Janet\'s '
                        'intent to ...")',
                    )
                )
            elif self.quotes_a_games_intent():
                # "I object." under a quoted "I intend, ..., to apply AP 1 and 2" that no
                # game reads: it answers that intent, which the referee cannot name; told,
                # never dropped (P71-read-agora-s19-4).
                result.not_understood.append(
                    NotUnderstood(
                        sentence,
                        _tabling(self.games),
                        (),
                        "it answers the intent quoted, but no game the referee runs reads "
                        "that intent's action, so nothing was counted; if it is an intent the "
                        'referee keeps, name it by its number or its act ("intent 3", '
                        '"Arcadian Proposal 2", "Janet\'s intent to join Murphy\'s alliance")',
                    )
                )
            elif _POINTS_AT_SOMETHING.search(sentence.text) and self._holds_nothing():
                # "I object to that." in a message that quotes nothing and replies to
                # nothing: it points at something the referee cannot see; asked, never
                # dropped (P63-read-agora-s16-3). A bare "I object." stays left alone: it
                # may answer any officer's business.
                result.not_understood.append(
                    NotUnderstood(
                        sentence,
                        _tabling(self.games),
                        (),
                        "it answers something, but the message quotes nothing and replies to "
                        'no message; if it answers an intent, name it ("intent 3", "Janet\'s '
                        'intent to ...")',
                    )
                )
            return  # an answer to something outside the games: not ours
        words = verb.casefold().split()
        supports = words[0].startswith(("support", "+", "second"))
        response = "support" if supports else "object to"
        if words[0] == "withdraw":
            response = (
                "withdraw my support for" if words[-1] == "support" else "withdraw my objection to"
            )
        forms = tuple(f"I {response} the intent to {act}" for _, act in intents)
        if perform:
            forms = tuple(f"{form} and do so" for form in forms)
        if every is not None and (perform or not _every_counts(every, len(intents))):
            result.not_understood.append(
                NotUnderstood(
                    sentence,
                    tuple(dict.fromkeys(name for name, _ in intents)),
                    forms,
                    f'it answers "{every}", but the message it answers holds {len(intents)} '
                    "intents; say which you mean",
                )
            )
            return
        if every is not None:
            # "I support both.": one answer for each intent answered, when each is read.
            trees = []
            for (name, _), form in zip(intents, forms, strict=True):
                game = next(g for g in self.games if g.name == name)
                try:
                    trees.append((game, form, parse_sentence(game.grammar, form)))
                except SentenceSyntaxError:
                    break
            else:
                for game, form, tree in trees:
                    _take(sentence, Reading(form), tree, by_grammar[game.grammar], plays, result)
                return
        elif len(intents) == 1:
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

    def _same_answer(
        self,
        sentence: Sentence,
        verb: str,
        by_grammar: Mapping[str, list[Game[Any]]],
        plays: Mapping[str, bool],
        result: ParseResult,
    ) -> bool:
        """ "I support it too." under a quoted "I support intent 7." (no intent quoted): the
        one answer quoted, of the same kind, given again by the author as eir own, as
        "Same." would (P19). False, and nothing done, when the quoted text holds another
        action, or the answer does not say it is given again ("too", "as well", "Same,")."""
        words = verb.casefold().split()
        if words[0].startswith(("+", "second")) or not _AGAIN.search(sentence.text):
            return False  # "+1" under a quoted answer names nothing (P1n)
        actions = self.found()
        if len(actions) != 1:
            return False
        kind = type(actions[0].action).__name__
        wanted = (
            ("WithdrawSupport" if words[-1] == "support" else "WithdrawObjection")
            if words[0] == "withdraw"
            else "SupportIntent"
            if words[0].startswith(("support", "+", "second"))
            else "ObjectToIntent"
        )
        if kind != wanted:
            return False
        self.echo(sentence, by_grammar, plays, result)
        return True

    def echo(
        self,
        sentence: Sentence,
        by_grammar: Mapping[str, list[Game[Any]]],
        plays: Mapping[str, bool],
        result: ParseResult,
    ) -> None:
        """ "As do I.": the one action answered, performed by the author as eir own."""
        answered = self._quoted_answer()
        if answered is not None and self.intents():
            # The quoted message answered an intent it quotes ("> > I intend ... > I
            # support."): "As do I." gives the same answer to the same intent.
            self.answer(sentence, answered, by_grammar, plays, result)
            return
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

    def _quoted_answer(self) -> str | None:
        """The verb of the one bare answer ("I support.") in the quoted text, if it holds
        exactly one kind of answer."""
        verbs = {
            match.group("verb").casefold()
            for _, text in self.quoted
            if (match := _bare_response(text.strip())) is not None
        }
        kinds = {"object" if v.startswith("object") else v for v in verbs}
        return next(iter(verbs)) if len(kinds) == 1 else None


# The answer said again: "too", "as well", "also", or "Same,", "Likewise," before it.
_AGAIN = re.compile(r"\b(?:too|as\s+well|also)\b|^(?:same|ditto|likewise)\b", re.IGNORECASE)

_COUNTED = {"both": 2, "two": 2, "three": 3, "four": 4}


def _every_counts(every: str, intents: int) -> bool:
    """Whether "both" ("all of them", "each") fits ``intents`` intents answered: "both" two,
    "all"/"each" two or more (one intent is named by "this", never by "all")."""
    words = every.casefold().split()
    counted = next((_COUNTED[w] for w in words if w in _COUNTED), None)
    return intents == counted if counted is not None else intents >= 2


# A subject line's label before an act: "Re: I deregister", "Fwd: Re: I ...", "Subject: I ...".
_SUBJECT_LINE = re.compile(
    r"^(?:(?:re|fwd?|fw|aw|subject|subj)\s*(?:\[\d+\]\s*)?:\s*)+(?=I\s)", re.IGNORECASE
)


# "I object to Trigon's intent.": an answer naming an intent by its sponsor alone.
_SPONSORS_INTENT = re.compile(
    r"^I\s+(?:hereby\s+)?(?P<verb>support|object\s+to|withdraw\s+my\s+(?:support\s+for|objection\s+to))"
    r"\s+(?P<sponsor>[A-Za-z\u00C0-\u024F][\w\-.]*)['\u2019]s\s+intent(?:ion)?[\s.!]*$",
    re.IGNORECASE,
)


def _parses(grammar: str, text: str) -> bool:
    """Whether ``grammar`` accepts ``text`` as written."""
    try:
        parse_sentence(grammar, text)
    except SentenceSyntaxError:
        return False
    return True


def _other_games_intent(
    sentence: Sentence,
    games: Sequence[Game[Any]],
    replied_to: _Replied,
    result: ParseResult,
) -> bool:
    """Whether ``sentence`` names an intent by its sponsor alone ("I object to Trigon's
    intent.") under quoted text whose intents are only of games that do not read it: the
    game that does would take another intent than the one quoted. Told, never performed
    (P71-read-agora-s19-5)."""
    match = _SPONSORS_INTENT.match(sentence.text)
    if match is None or not replied_to.answers_something():
        return False
    quoted = {name for name, _ in replied_to.inline(sentence.line).intents()}
    if not quoted:
        return False
    form = f"I {match['verb']} {match['sponsor']}'s intent"
    readers = {g.name for g in games if _parses(g.grammar, form)}
    if quoted & readers:
        return False
    result.not_understood.append(
        NotUnderstood(
            sentence,
            tuple(sorted(quoted)),
            (),
            f"it names {match['sponsor']}'s intent, but the intent quoted is the "
            f"{' or the '.join(sorted(quoted))}'s, whose intents are not named so; which is "
            'meant is not guessed: name it ("Arcadian Proposal 1", "the intent to ...")',
        )
    )
    return True


def _tabling(games: Sequence[Game[Any]]) -> tuple[str, ...]:
    """The names of the games that read answers to intents."""
    return tuple(g.name for g in games if g.looks_like_action("I support intent 1"))


def _own_form(text: str) -> str:
    """The form an action was read as, without the words its echo adds, as a sentence."""
    form = _ECHOED.sub("", text).strip()
    return form if re.match(r"^I\b", form) else f"I {form}"


# "*E6", "E6*", "*(1, 2)": one place or word with a star before or after it, never both
# (that is emphasis: "*E6*").
_STARRED = re.compile(
    r"^(?:\*\s*(?P<fix>[^*\s][^*]{0,20}?)[\s.!]*|(?P<fix2>[^*\s][^*]{0,20}?)\s*\*)$"
)


def _correction(sentence: Sentence) -> Sentence | None:
    """The sentence without its correcting words, if it corrects the previous action."""
    starred = _STARRED.match(sentence.text)
    if starred is not None:
        # "*E6" or "E6*" on its own: the chat's mark of a correction (P70-read-games-s19-22).
        group = "fix" if starred.group("fix") is not None else "fix2"
        return replace(
            sentence, text=starred.group(group), column=sentence.column + starred.start(group)
        )
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
    dropped = [
        item
        for item in previous
        if (item.game, type(item.action)) in kinds
        or any(answer_changed(item, later) for later in found)
    ]
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
        if _looks_like(candidates[0], head)
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


def _line_text(lines: Sequence[tuple[int, str]], sentence: Sentence) -> str:
    """The text of the line ``sentence`` starts on, when it starts the line (else "")."""
    for number, text in lines:
        if number == sentence.line:
            return text if not text[: sentence.column - 1].strip() else ""
    return ""


def _report_governed(
    sentence: Sentence,
    lead_in: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
) -> None:
    """A line under a lead-in that makes it a plan, an example or a condition ("My plan
    for next week:"): never performed; if it reads as an action of a game its author
    plays, say why nothing was done."""
    problem = (
        f'it comes under "{lead_in.text}", which makes it someone else\'s words, a '
        "plan, an example or a condition rather than an action announced now, so "
        "nothing was done; to act, announce the action on its own"
    )
    told = len(result.not_understood)
    _tell_if_played(sentence, by_grammar, plays, result, problem)
    if len(result.not_understood) > told:
        return
    # "My plan:" over "1. tile at C4": an act without its verb, which only reading the
    # line as any other shows to be one (P72-lead-s18-2).
    _tell_if_read(sentence, by_grammar, plays, result, private, problem)


def _tell_if_played(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    problem: str,
) -> None:
    """Tell ``problem`` of a sentence never performed, if it reads as an action of a game
    its author plays (the first such game's grammar, with every game sharing it)."""
    for candidates in by_grammar.values():
        if not candidates[0].looks_like_action(sentence.text):
            continue
        if not any(plays.get(g.name, False) for g in candidates):
            continue
        result.not_understood.append(
            NotUnderstood(sentence, tuple(g.name for g in candidates), (), problem)
        )
        return


def _introduced(sentence: Sentence, unread: deque[Document]) -> Document | None:
    """The document that ``sentence``, ending with a colon, introduces: the next one, all
    before the sentence being told of already (the document's lines are blank, so a
    sentence that holds its introduction ends there)."""
    if not unread or not sentence.text.rstrip().endswith(":"):
        return None
    document = unread[0]
    if document.intro is None or document.intro < sentence.line:
        return None
    return document


_STAND_IN = "the text"
"""Words standing in for a document, to ask whether its introduction is an action that
takes a text, before the document's own words are read at all."""


def _with_document(
    intro: Sentence,
    document: Document,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    private: bool,
) -> Sentence | None:
    """The introduction with its document as its argument, when the introduction reads as
    an action with a text standing in for the document, and reads so with the document."""

    def reads(text: str) -> bool:
        trial = ParseResult()
        _find_in_sentence(replace(intro, text=text), by_grammar, plays, trial, private)
        return bool(trial.actions) and not trial.not_understood

    opening = intro.text.rstrip()
    if not document.text or not reads(f"{opening} {_STAND_IN}"):
        return None
    joined = f"{opening} {document.text}"
    if len(joined) > SENTENCE_LIMIT or not reads(joined):
        return None
    return replace(intro, text=joined)


def _report_document(
    document: Document,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
) -> None:
    """A document's lines are never performed: each written in the voice of one who acts
    ("I play e7") that reads as an action of a game its author plays is told of, with why
    nothing was done (its rules' "Players can place a tile" are only its words)."""
    problem = (
        f"it is inside a document ({document.enclosure}): a proposal's, a contract's or a "
        "statement's text, whose words are not actions announced now, so nothing was "
        "done; to act, announce the action outside the document"
    )
    for sentence in split_sentences(document.inner_lines()):
        if in_own_voice(sentence.text):
            _tell_if_played(sentence, by_grammar, plays, result, problem)


def _report_question(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
) -> None:
    """A question is asked, not announced: never performed; if it reads as one of the
    games' actions and its author plays that game, say why nothing was done."""
    # ("I resign?": a game's own words in the author's voice, asked, are told as well as
    # what its grammar would read; P66-read-agora-s17-1.)
    asked = sentence.text.rstrip(" ?!.")
    lexicons = tuple(candidates[0].lexicon for candidates in by_grammar.values())
    attempts = attempted_by(asked, lexicons) if asked[:1] in "Ii" else (False,) * len(lexicons)
    for candidates, attempt in zip(by_grammar.values(), attempts, strict=True):
        game = candidates[0]
        if not attempt and not _looks_like(game, sentence.text):
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
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
) -> None:
    """A conditional action is never performed; if it is one of ours, say why not (also
    when only a game's label or its own words in the author's voice show it is: "Count me
    in for Commune if there is room")."""
    games = tuple(g.name for g in _games_attempted(governed.text, by_grammar)) or (
        _games_reading(governed, by_grammar, plays, private)
    )
    if not games:
        return
    result.not_understood.append(NotUnderstood(written, games, (), _conditional(condition)))


# A quoted line's own attribution before its words: "Janet wrote: ...", "Murphy said: ...".
_INLINE_ATTRIBUTION = re.compile(
    r"^\s*(?-i:[A-Z])[\w\-]*\s+(?:wrote|writes|said|says|posted)\s*:\s*(?=\S)", re.IGNORECASE
)

_INERT = InertSentences()


def _find_in_sentence(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
    *,
    split: bool = True,
) -> None:
    """Read one sentence into ``result``; prose met before with nothing in it is passed
    over (see ``referee.parsing.inert``)."""
    if not any(grouped is by_grammar for _, grouped in _GROUPED):
        # A narrowed set of games (one named in the sentence) lives for one sentence only:
        # nothing read with it would be met again.
        _read_sentence(sentence, by_grammar, plays, result, private, split=split)
        return
    key = (sentence.text, sentence.question, sentence.written, private, split)
    if _INERT.known(by_grammar, key):
        return
    actions, told = list(result.actions), list(result.not_understood)
    asked = AskedPlays(plays)
    _read_sentence(sentence, by_grammar, asked, result, private, split=split)
    if not asked.asked and _same(result.actions, actions) and _same(result.not_understood, told):
        _INERT.remember(by_grammar, key)


def _same(now: Sequence[object], before: Sequence[object]) -> bool:
    return len(now) == len(before) and all(a is b for a, b in zip(now, before, strict=True))


def _read_sentence(
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
    if (
        split
        and sentence.text[:4].lower().startswith(("in ", "for "))
        and _AND_IN.search(sentence.text) is not None
        and _split_between_games(sentence, by_grammar, plays, result, private)
    ):
        return  # "In Okinawa, I play ... and in Arcadia, I claim ...": each game named first
    named = _named_game(sentence, by_grammar)
    if named is not None:
        sentence, by_grammar = named
    problems: list[tuple[Game[Any], SyntaxProblem]] = []
    parsed: list[tuple[list[Game[Any]], Any]] = []
    for grammar, candidates in by_grammar.items():
        representative = candidates[0]
        # A sentence the author gave to a game by name is that game's to read or report.
        if named is None and not _looks_like(representative, sentence.text):
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
    words = _words(by_grammar)
    verbs, labels = words.verbs, words.labels
    prepared = (
        prepare(sentence.text, verbs, labels) if trailing_condition(sentence.text) is None else None
    )
    if prepared is not None:
        tried = {game.grammar for game, _ in problems}
        for grammar, candidates in by_grammar.items():
            representative = candidates[0]
            lexicon = representative.lexicon
            looks = partial(_looks_like, representative)
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
    if split and problems and _split_off_agora_act(sentence, by_grammar, plays, result, private):
        return
    if split and problems and _split_verbless(sentence, by_grammar, plays, result, private):
        return
    if not problems:
        problems = _attempts(sentence, by_grammar)
    if not problems and _labelled_condition(sentence, by_grammar, plays, result, private):
        return
    if not problems and not private and _bare_place(sentence, by_grammar, result):
        return
    _report(sentence, by_grammar, plays, problems, result)


def _bare_place(
    sentence: Sentence, by_grammar: Mapping[str, list[Game[Any]]], result: ParseResult
) -> bool:
    """Tell a place written alone with a game named beside it ("D4 (Commune tile)") in a
    public message: no action, but plainly meant as one (P54-mail-s12-2)."""
    note = bare_place_note(sentence.text)
    if note is None:
        return False
    folded = note.casefold()
    games = [
        candidates[0]
        for candidates in by_grammar.values()
        if any(game.name.casefold() in folded for game in candidates)
        or (
            candidates[0].lexicon.own_words is not None
            and candidates[0].lexicon.own_words.search(note)
        )
    ]
    if not games:
        return False
    names = tuple(other.name for game in games for other in by_grammar[game.grammar])
    examples = _closest_examples(games[0], note.replace(";", ","))
    result.not_understood.append(NotUnderstood(sentence, names, examples, BARE_PLACE_PROBLEM))
    return True


def _labelled_condition(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
) -> bool:
    """Tell a sentence whose action only a game's label or its own words in the author's
    voice show, made to depend on a condition before or after it ("Count me in for Commune
    if there is room", "If nobody minds, im naming my communty Topaz"): never performed,
    never dropped."""
    # "Today: if nobody minds, tile at E5": the heading set aside, the condition opens.
    unlabelled = without_now_label(sentence.text)
    texts = (sentence.text,) if unlabelled == sentence.text else (sentence.text, unlabelled)
    for text in texts:
        found = conditioned(text)
        if found is None or not found[1]:
            continue
        condition, governed = found
        games = tuple(g.name for g in _games_attempted(governed, by_grammar)) or (
            _games_reading(replace(sentence, text=governed), by_grammar, plays, private)
        )
        if games:
            result.not_understood.append(
                NotUnderstood(sentence, games, (), _conditional(condition))
            )
            return True
    return False


def _games_reading(
    governed: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    private: bool,
) -> tuple[str, ...]:
    """The games that would perform the words a condition governs, read alone as any
    sentence is ("tile at E5", "Today: tile at E5" under "if nobody minds"), so that such an
    act is told, never dropped (P67-lead-s17-7)."""
    trial = ParseResult()
    _find_in_sentence(governed, by_grammar, plays, trial, private, split=False)
    return tuple(dict.fromkeys(found.game for found in trial.actions))


def _games_attempted(text: str, by_grammar: Mapping[str, list[Game[Any]]]) -> list[Game[Any]]:
    """The games whose action ``text`` (the words a condition governs) would be: by their
    cheap test, by a label of theirs, or by their own words in the author's voice."""
    words = _words(by_grammar)
    labelled = words.labels.apply(text)
    attempts = attempted_by(text, words.lexicons)
    return [
        game
        for candidates, attempt in zip(by_grammar.values(), attempts, strict=True)
        if attempt
        or _looks_like(candidates[0], text)
        or (labelled != text and _looks_like(candidates[0], labelled))
        for game in candidates
    ]


def _attempts(
    sentence: Sentence, by_grammar: Mapping[str, list[Game[Any]]]
) -> list[tuple[Game[Any], SyntaxProblem]]:
    """The games that no test took the sentence for, but whose own words it names in the
    author's voice ("im naming my communty Topaz"), with why their grammar did not read
    it: such a line is told, never dropped."""
    problems: list[tuple[Game[Any], SyntaxProblem]] = []
    lexicons = _words(by_grammar).lexicons
    for (grammar, candidates), attempt in zip(
        by_grammar.items(), attempted_by(sentence.text, lexicons), strict=True
    ):
        if not attempt:
            continue
        try:
            parse_sentence(grammar, sentence.text)
        except SentenceSyntaxError as error:
            problems.append((candidates[0], error.problem))
    return problems


LOOKS_KEPT = 4096
"""Answers of the games' ``looks_like_action`` kept per process. Each sentence, and each
form the normaliser makes of it, is put to every game, often more than once (as written,
then as each game's reading of it), and sentences recur from message to message."""


@lru_cache(maxsize=LOOKS_KEPT)
def _looks_like(game: Game[Any], text: str) -> bool:
    """``game.looks_like_action(text)``, remembered (the test is pure by its contract)."""
    return game.looks_like_action(text)


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


_GROUPED: list[tuple[tuple[Game[Any], ...], dict[str, list[Game[Any]]]]] = []


def _grouped(games: Sequence[Game[Any]]) -> dict[str, list[Game[Any]]]:
    """The games by grammar: the same mapping (never changed) for the same games, message
    after message, so that what is gathered from it once is found again (see ``_words``)."""
    given = tuple(games)
    for seen, grouped in _GROUPED:
        if len(seen) == len(given) and all(a is b for a, b in zip(seen, given, strict=True)):
            return grouped
    grouped = {}
    for game in given:
        grouped.setdefault(game.grammar, []).append(game)
    _GROUPED[:] = [(given, grouped), *_GROUPED[:3]]
    return grouped


@dataclass(frozen=True)
class _GameWords:
    """What the normaliser needs of a set of games: their lexicons, all their verbs, and
    their labels with one gate pattern."""

    lexicons: tuple[Lexicon, ...]
    verbs: frozenset[str]
    labels: Labels


_BY_LEXICONS: dict[tuple[int, ...], _GameWords] = {}
_RECENT: list[tuple[Mapping[str, list[Game[Any]]], _GameWords]] = []


def _words(by_grammar: Mapping[str, list[Game[Any]]]) -> _GameWords:
    """The words of the games in ``by_grammar``: gathered once for each set of games (the
    lexicons are constants, so their identities name them), and found again at once for the
    mapping a message's sentences share (it is held here, so its identity stays its own)."""
    for held, known in _RECENT:
        if held is by_grammar:
            return known
    lexicons = tuple(candidates[0].lexicon for candidates in by_grammar.values())
    key = tuple(id(lexicon) for lexicon in lexicons)
    words = _BY_LEXICONS.get(key)
    if words is None:
        words = _BY_LEXICONS[key] = _GameWords(
            lexicons,
            frozenset(verb for lexicon in lexicons for verb in lexicon.verbs),
            Labels(tuple(label for lexicon in lexicons for label in lexicon.labels)),
        )
    _RECENT[:] = [(by_grammar, words), *_RECENT[:1]]
    return words


# "I leave my alliance and become inactive": two games' actions joined by "and".
# (", then I deregister", ", and then I ...": the next action, in order.)
_AND_I = re.compile(
    r",?\s+(?:and|&)\s+(?:then\s+)?(?:I\s+)?|\s*,\s*then\s+(?:I\s+)?", re.IGNORECASE
)
# "In Commune I place ..., and in Okinawa I play ...": each half names its game first
# (rulings P42-read-games-s10-5).
_AND_IN = re.compile(r",?\s+and\s+(?=(?:in|for)\s+(?:the\s+)?(?-i:[A-Z]))", re.IGNORECASE)


def _split_between_games(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
) -> bool:
    """Read a sentence no grammar accepts whole as two actions of different games joined
    by "and", when each half alone is read whole; otherwise leave it to be reported."""
    opening = sentence.text[:4].lower()
    if opening.startswith(("in ", "for ")):
        for joint in _AND_IN.finditer(sentence.text):
            halves = (
                replace(sentence, text=sentence.text[: joint.start()]),
                replace(
                    sentence,
                    text=sentence.text[joint.end() :],
                    column=sentence.column + joint.end(),
                ),
            )
            if _read_in_two_games(halves, by_grammar, plays, result, private):
                return True
        return False
    if not opening.startswith("i "):
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
        if _read_in_two_games(halves, by_grammar, plays, result, private):
            return True
    return False


# "I leave Arcadia and the Arcadia contract": one verb, the objects of two games.
_SHARED_VERB = re.compile(r"^I\s+(?P<verb>[a-z]+)\s+(?:both\s+)?", re.IGNORECASE)
_AN_OBJECT = re.compile(r"(?:the|an?|my)\b", re.IGNORECASE)
# "I leave Arcadia (and the contract)", "... the Arcadian Tournament and the contract too":
# beside the tournament, "the contract" is its own, the Arcadia contract (no other game is
# a contract; P55-read-games-s13-5).
_ITS_CONTRACT = re.compile(
    r"^(I\s+(?:leave|quit|exit|join|enter)\s+(?:arcadia|the\s+arcadian\s+tournament))\s*"
    r"(?:\(\s*(?:and|&|plus)\s+(?:also\s+)?the\s+contract\s*\)|,?\s+(?:and|&)\s+(?:also\s+)?"
    r"the\s+contract(?:\s+too|\s+as\s+well|\s*,?\s+both)?)(?=[\s.!]*$)",
    re.IGNORECASE,
)
_AND_ITS_CONTRACT = r"\1 and the Arcadia contract"
# "I leave the contract and Arcadia": the same, the contract named first.
_CONTRACT_FIRST = re.compile(
    r"^(I\s+(?:leave|quit|exit|join|enter)\s+)the\s+contract\s*,?\s+(?:and|&)\s+(?:also\s+)?"
    r"(?:arcadia|the\s+arcadian\s+tournament)(?:\s+too|\s+as\s+well)?(?=[\s.!]*$)",
    re.IGNORECASE,
)
_ITS_FIRST = r"\1the Arcadia contract and the Arcadian Tournament"


def _read_in_two_games(
    halves: tuple[Sentence, Sentence],
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
) -> bool:
    """Both halves' actions, added to ``result``, when each half is read whole and they
    are actions of different games; else nothing is added."""
    found: list[FoundAction] = []
    for half in halves:
        part = ParseResult()
        _find_in_sentence(half, by_grammar, plays, part, private, split=False)
        if part.not_understood or not part.actions:
            return False
        found.extend(part.actions)
    if len({item.game for item in found}) < 2:
        return False
    result.actions.extend(found)
    return True


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
    for pattern, written in ((_ITS_CONTRACT, _AND_ITS_CONTRACT), (_CONTRACT_FIRST, _ITS_FIRST)):
        if pattern.match(sentence.text) is not None:
            sentence = replace(sentence, text=pattern.sub(written, sentence.text, 1))
    for joint in _AND_I.finditer(sentence.text, verb.end()):
        rest = sentence.text[joint.end() :]
        if _AN_OBJECT.match(rest) is None:
            continue
        first = f"I {verb.group('verb')} {sentence.text[verb.end() : joint.start()]}"
        halves = (
            replace(sentence, text=first),
            replace(sentence, text=f"I {verb.group('verb')} {rest}"),
        )
        if _read_in_two_games(halves, by_grammar, plays, result, private):
            return True
    return False


# "Surveyor: tile at H4, please, and an investment in Jade for me": acts written without a
# verb, as the games read them alone ("Tile at H4.", "An investment in Jade."), joined by
# "and", a courtesy perhaps between them (P62-7).
_VERBLESS_JOINT = re.compile(
    r"\s*(?:[,;]\s*(?:please\s*,?\s*)?(?:(?:and|&|plus)\s+)?|(?:please\s*,?\s*)?(?:and|&|plus)\s+)"
    r"(?:also\s+)?(?!then\b)",
    re.IGNORECASE,
)
# "Stone at (1, 1), please, and another at (1, 2)": the courtesy between an act and the
# "and" that adds another of it.
_INNER_PLEASE = re.compile(r"\s*,\s*please\s*,\s*(?=(?:and|&|plus)\s)", re.IGNORECASE)


# An officer addressed before the acts ("Surveyor: ", "Sensei, ").
_ADDRESS = re.compile(
    r"^(?:(?:dear|hi|hello|hey)\s+)?(?:the\s+)?(?:referee|gamesmaster|lord[\s-]ruler|surveyor|sensei|"
    r"registrar|officer)\s*[,:\-\u2013\u2014]+\s*",
    re.IGNORECASE,
)
# Nouns the games list among their verbs, for the labels that open with them ("Tile E2").
_NOUNS_AMONG_VERBS = frozenset(("tile", "tiles", "stone", "stones"))


def _bare_verb_opens(text: str, verbs: frozenset[str]) -> bool:
    first = text.split(None, 1)[0].casefold() if text.strip() else ""
    return first in verbs and first not in _NOUNS_AMONG_VERBS


def _read_whole(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    private: bool,
) -> list[FoundAction] | None:
    """The actions of ``sentence`` when it is read whole with nothing told, else None."""
    part = ParseResult()
    _find_in_sentence(sentence, by_grammar, plays, part, private, split=False)
    return part.actions if part.actions and not part.not_understood else None


def _split_verbless(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
) -> bool:
    """Read a sentence with no "I" whose acts, written without a verb, are joined by "and":
    with a courtesy before the "and" set aside, or as each part read whole; otherwise
    leave it to be reported. The answer shows the whole sentence each was read from."""
    if private or sentence.question or sentence.text[:2] in ("I ", "i "):
        # A private mail holds one play a round: "b3 and c4" is two squares, told.
        return False
    written = sentence.written or sentence.text
    if _INNER_PLEASE.search(sentence.text) is not None:
        text = _INNER_PLEASE.sub(" ", sentence.text, count=1)
        whole = replace(sentence, text=text, written=written)
        found = _read_whole(whole, by_grammar, plays, private)
        if found is not None:
            result.actions.extend(found)
            return True
    verbs = _words(by_grammar).verbs
    for joint in _VERBLESS_JOINT.finditer(sentence.text):
        if _bare_verb_opens(sentence.text[joint.end() :], verbs) or _bare_verb_opens(
            _ADDRESS.sub("", sentence.text[: joint.start()], count=1), verbs
        ):
            # "support intent 3, object intent 4": bare imperatives one after another may be
            # instructions to another (P1o), never split into the author's acts.
            continue
        first = replace(sentence, text=sentence.text[: joint.start()], written=written)
        second = replace(
            sentence,
            text=sentence.text[joint.end() :],
            column=sentence.column + joint.end(),
            written=written,
        )
        before = _read_whole(first, by_grammar, plays, private)
        after = _read_whole(second, by_grammar, plays, private) if before is not None else None
        if before is not None and after is None:
            # "Tile at E5, investment in Jade, and a 7 in my left constructor.": the rest is
            # itself such a list, split the same way (P70-read-games-s19-16).
            rest = ParseResult()
            if _split_verbless(second, by_grammar, plays, rest, private):
                after = rest.actions
        if before is not None and after is not None:
            result.actions.extend((*before, *after))
            return True
    return False


def _split_off_agora_act(
    sentence: Sentence,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    result: ParseResult,
    private: bool,
) -> bool:
    """Read the game's half of a sentence whose other half is an act of Agora's other
    offices ("I vote FOR 9001 and I place a tile at D4"), when that half looks like no
    game's action and the game's half is read whole; the echo shows what was set aside."""
    if sentence.question:
        return False
    for agoran, ours in agora_halves(sentence.text):
        if _games_attempted(agoran, by_grammar):
            continue  # "I pay 2 Food to ...": a game's own words, never set aside
        part = ParseResult()
        half = replace(sentence, text=ours, written=None)
        _find_in_sentence(half, by_grammar, plays, part, private, split=False)
        if part.not_understood or not part.actions:
            continue
        for found in part.actions:
            read_as = found.action.source.text.split(" (read from: ", 1)[0]
            source = SourceText(read_as, sentence.line, sentence.column)
            echoed = _echo(source, sentence, Reading(ours, set_aside=agoran))
            result.actions.append(FoundAction(found.game, replace(found.action, source=echoed)))
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
    if reading is None and sentence.written is not None:
        reading = Reading(sentence.text)  # read as rewritten: the answer shows from what
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
        f"{read_as.text} (read from: {sentence.written or sentence.text}{aside})",
        sentence.line,
        sentence.column,
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
        or in_own_voice(sentence.text)
    ]
    if reportable and not agora_business(sentence.text):
        game, problem = reportable[0]
        games = tuple(g.name for g in by_grammar[game.grammar])
        condition = trailing_condition(sentence.text)
        if condition is not None:
            result.not_understood.append(
                NotUnderstood(sentence, games, (), _conditional(condition))
            )
            return
        owner = pronoun_owner(sentence.text)
        limit = time_limited_end(sentence.text)
        if hedged(sentence.text):
            why = _HEDGED
        elif owner is not None:
            why = owner
        elif limit is not None:
            why = _TIME_LIMITED.format(limit=limit)
        else:
            why = _standing_request(sentence.text) or _describe(problem)
        result.not_understood.append(
            NotUnderstood(sentence, games, _closest_examples(game, sentence.text), why)
        )


_TIME_LIMITED = (
    "it ends something for good, yet says {limit!r}, as if for a time, so nothing was done; "
    'to be away for a while, announce "I become inactive"; to end it for good, announce '
    "the action without the time"
)

# "Please flip me to Inactive.", "pls deregister me", "Put me on hold, please.": a request
# to an officer about the author's own standing, which changes only by the author's own
# announcement (P66-read-agora-s17-9).
_STANDING_REQUEST = re.compile(
    r"^(?:(?:please|pls|plz|kindly)\s*,?\s+|(?:can|could|would)\s+(?:you|someone)\s+)?"
    r"(?:(?P<verb>flip|switch|set|mark|make|turn|put|change|list|register|deregister|activate|"
    r"deactivate|reactivate)\s+me(?:\s+(?:back\s+)?(?:to|as|down\s+as|on))?"
    r"(?:\s+(?P<value>inactive|active|hold))?|"
    # ... or the value alone: "inactive pls", "ok inactive now".
    r"(?:ok(?:ay)?\s*,?\s+|so\s+)?(?P<alone>(?:in)?active)(?:\s+(?:now|again|for\s+now))?)"
    r"(?:\s*,?\s*(?:please|pls|plz|thanks|thx))?[\s.!]*$",
    re.IGNORECASE,
)


def _standing_request(text: str) -> str | None:
    """Why a request about the author's own standing was not performed, and how to say it
    as an action; None if ``text`` is no such request."""
    found = _STANDING_REQUEST.match(text)
    if found is None:
        return None
    verb = (found.group("verb") or "").casefold()
    value = (found.group("value") or found.group("alone") or "").casefold()
    if verb in ("register", "deregister"):
        act = f"I {verb}"
    elif verb == "deactivate" or value in ("inactive", "hold"):
        act = "I become inactive"
    elif verb in ("activate", "reactivate") or value == "active":
        act = "I become active"
    else:
        return None
    return (
        "it reads as a request to an officer, not as an action you announce, so nothing was "
        f'done; your own standing changes when you announce the change yourself: "{act}."'
    )


_HEDGED = (
    "it reads as an intention, a wish, a doubt, a denial, someone else's words or the past "
    "rather than an action announced now, so nothing was done; to act, announce the action "
    "plainly"
)


_CONDITIONAL_OPENING = "the action depends on a condition ("


def _conditional(condition: str) -> str:
    return (
        f'{_CONDITIONAL_OPENING}"{condition}"), and the referee does not '
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
_PREPOSITION = re.compile(r"^(?:at|on|to|in)\s+(?=\S)", re.IGNORECASE)
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
    # "no wait, at C8": the place with the preposition the action already has.
    corrected = _PREPOSITION.sub("", correction.text.strip(), count=1)
    if previous is None or _PLACE_ALONE.match(corrected) is None:
        return []
    for shape in _PLACES:
        if shape.fullmatch(corrected) is None:
            continue
        places = list(shape.finditer(previous.text))
        if len(places) != 1:
            return []
        (place,) = places
        text = previous.text[: place.start()] + corrected + previous.text[place.end() :]
        return _read_rewritten(
            replace(previous, text=text), result, before, by_grammar, plays, private
        )
    return []


# "Typo, I meant AP 14.", "Sorry, make that intent 5.": a correction that names one
# numbered thing, of a kind the sentence before names once (P52-read-games-s12-3).
_NUMBER_ALONE = re.compile(
    r"^\s*(?:I\s+meant\s+|I\s+mean\s+|make\s+that\s+|rather\s+)?(?:the\s+)?"
    r"(?P<kind>AP|arcadian\s+proposal|proposal|intent|(?:trade\s+)?offer|alliance)\s*#?\s*"
    r"(?P<number>[0-9]+)[\s.!]*$",
    re.IGNORECASE,
)


def _correct_number(
    previous: Sentence | None,
    correction: Sentence,
    result: ParseResult,
    before: int,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    private: bool,
) -> list[FoundAction]:
    """The actions of the previous sentence with its one number replaced by the
    correction's; none if that sentence holds no number or several."""
    alone = _NUMBER_ALONE.match(correction.text)
    if previous is None or alone is None:
        return []
    numbers = list(re.finditer(r"(?<![\w.,])[0-9]+(?![\w.,])", previous.text))
    if len(numbers) != 1:
        return []
    kind = alone.group("kind").casefold().split()[-1]
    if kind == "ap":
        kind = "proposal"
    (number,) = numbers
    named = previous.text[: number.start()].casefold().rstrip(" #")
    if not (named.endswith(kind) or (kind == "proposal" and named.endswith("ap"))):
        return []  # "I support AP 41. I meant intent 14.": another kind of thing
    text = previous.text[: number.start()] + alone.group("number") + previous.text[number.end() :]
    return _read_rewritten(replace(previous, text=text), result, before, by_grammar, plays, private)


# "Oops, I mean the Mine at (2, 3).": a correction that is the object alone, for the verb
# of the sentence before (P52-read-games-s12-3).
_OBJECT_ALONE = re.compile(
    r"^(?:the|a|an|my)\s+(?!.*\b(?:too|also|as\s+well|besides|additionally|in\s+addition|again|"
    r"more|another|plus|and|or)\b)\S.*$",
    re.IGNORECASE,
)
_VERB_OF = re.compile(r"^I\s+(?:hereby\s+)?[A-Za-z]+\s+")
# "Actually no, in Jade.": a phrase with the preposition the sentence before has once.
_PHRASE_ALONE = re.compile(
    r"^(?P<word>in|into|at|on|to|for)\s+(?!.*\b(?:too|also|as\s+well|besides|additionally|"
    r"again|more|another|plus|and|or)\b)\S.*$",
    re.IGNORECASE,
)


def _correct_object(
    previous: Sentence | None,
    correction: Sentence,
    result: ParseResult,
    before: int,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    private: bool,
) -> list[FoundAction]:
    """The previous sentence's "I <verb>" with the correction's object; none unless the
    correction is an object alone and the whole is read."""
    text = correction.text.strip().rstrip(".!")
    if previous is None:
        return []
    phrase = _PHRASE_ALONE.match(text)
    if phrase is not None:
        # "Actually no, in Jade.": the words from the sentence's one "in" on, replaced.
        word = phrase.group("word").casefold()
        found = [m for m in re.finditer(r"\b\w+\b", previous.text) if m.group().casefold() == word]
        if len(found) != 1:
            return []
        rewritten = replace(previous, text=previous.text[: found[0].start()] + text)
        return _read_rewritten(rewritten, result, before, by_grammar, plays, private)
    if _OBJECT_ALONE.match(text) is None:
        return []
    verb = _VERB_OF.match(previous.text)
    if verb is None:
        return []
    rewritten = replace(correction, text=verb.group() + text)
    return _read_rewritten(rewritten, result, before, by_grammar, plays, private)


# "Sorry, I meant Blue.", "Make that Murphy.": a correction that names one name only.
_RENAMING = re.compile(
    r"^(?:(?:sorry|oops|actually|wait|no|er+m*|um+|whoops)[\s,:;!.\-\u2013\u2014]*)*"
    r"(?:I\s+meant(?:\s+to\s+(?:say|write))?|I\s+mean|make\s+that|correction\s*:?|rather|"
    r"(?:that\s+)?should\s+(?:have\s+been|be|read)|"
    # "Actually no, in Jade.": a denial, then the name with the action's preposition
    # (P52-read-games-s12-3).
    r"(?<=no)[\s,:;!.\-\u2013\u2014]+(?:(?:in|into|to|at|on|for)\b)?)[\s,:]*"
    r"(?:the\s+)?(?P<name>(?-i:[A-Z])[\w'\-]*)(?:\s+instead)?[\s.!]*$",
    re.IGNORECASE,
)
# Words that say the sentence before was wrong, whatever follows them ("No wait, it isn't
# in jeopardy yet" takes the capture back: P48-read-games-s11-5).
_PLAIN_CORRECTION = re.compile(
    r"^(?:no\s*[,!]?\s*wait\b|wait\s*[,!]?\s*no\b)|"
    # "Actually no, ...", "Sorry, no: ...": the sentence before denied (P52-read-games-s12-3).
    r"^(?:actually|sorry|oops|whoops|hmm+)\s*[,!.]?\s*no\s*[,:;!.\-\u2013\u2014]|"
    r"^(?:(?:sorry|oops|actually|wait|no|er+m*|um+|whoops)[\s,:;!.\-\u2013\u2014]*)*"
    r"(?:I\s+meant|I\s+mean\b(?!\s*,)|make\s+that|correction\b|scratch\s+that|"
    r"(?:that\s+)?should\s+(?:have\s+been|be|read)\b)",
    re.IGNORECASE,
)


def _plainly_corrects(sentence: Sentence) -> tuple[re.Match[str] | None, bool]:
    """For a correction: the one name it gives, if that is all it gives ("Sorry, I meant
    Blue"), and whether its words say plainly that the sentence before was wrong."""
    renamed = _RENAMING.match(sentence.text)
    return renamed, renamed is not None or _PLAIN_CORRECTION.match(sentence.text) is not None


# The names a sentence gives (a capital after its first word, other than "I").
_NAMES_GIVEN = re.compile(r"(?<=\s)(?!I\b)(?-i:[A-Z])[\w'\-]*")


def _correct_name(
    previous: Sentence | None,
    name: str,
    result: ParseResult,
    before: int,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
) -> list[FoundAction]:
    """The actions of the previous sentence with its one name replaced by ``name``; none
    if it gives no name or several (which one is meant is then not said)."""
    if previous is None:
        return []
    names = list(_NAMES_GIVEN.finditer(previous.text))
    if len(names) != 1:
        return []
    (given,) = names
    text = previous.text[: given.start()] + name + previous.text[given.end() :]
    return _read_rewritten(replace(previous, text=text), result, before, by_grammar, plays, False)


def _read_rewritten(
    sentence: Sentence,
    result: ParseResult,
    before: int,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    private: bool,
) -> list[FoundAction]:
    """The actions of a sentence rewritten from the author's (a correction or a pointer
    filled in), added to ``result`` only if it is read whole with nothing left unread."""
    noted: list[NotUnderstood] = []
    _find_in_sentence(sentence, by_grammar, plays, ParseResult(result.actions, noted), private)
    found = result.actions[before:]
    if noted or not found:
        del result.actions[before:]
        return []
    return found


# "there", "on it", "that Land Unit": a place the sentence names only by pointing back.
_THERE = re.compile(
    r"\b(?:(?P<on>on|at|in|onto)\s+(?:it|that(?:\s+(?:land\s+unit|square|location|place|spot))?)"
    r"|there)\b(?![\s,]*\()",
    re.IGNORECASE,
)


_FRONTED_THERE = re.compile(
    r"^(?P<there>(?:on|at|in|onto)\s+(?:it|that(?:\s+(?:land\s+unit|square|location|place|spot))?)|there)"
    r"\s*,\s*(?P<rest>I\s.*)$",
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
    fronted = _FRONTED_THERE.match(sentence.text)
    if fronted is not None:
        # "On it, I build a Farm.": the pointer said first, moved after the action.
        moved = f"{fronted.group('rest').rstrip(' .!')} {fronted.group('there')}"
        sentence = replace(sentence, text=moved, written=sentence.written or sentence.text)
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
        found = _read_rewritten(
            replace(sentence, text=text), result, before, by_grammar, plays, private
        )
        if found:
            del result.not_understood[told:]
        return found
    return []


# Any place named in a correction ("Edit: make it d7 if free"): the correction is about it.
_PLACES_NAMED = re.compile("|".join(shape.pattern for shape in _PLACES))


_PLACE_ALONE_AFTER = (
    "a place alone after an action could add another action or correct the one before it, "
    "and the referee does not guess which"
)
_ELLIPTICAL_ALONE = (
    "it names a place but no action, and the referee does not guess which action is meant; "
    "announce the action in full"
)


def _restrict_previous(
    previous_sentence: Sentence,
    sentence: Sentence,
    previous: Sequence[FoundAction],
    result: ParseResult,
    told: int,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    private: bool,
) -> list[FoundAction]:
    """The previous sentence read again with the restriction ``sentence`` puts on its offer
    ("Only Janet may accept."); when it cannot be read so, its offers are taken back and the
    author told, never made open to all (rulings P42-read-games-s10-2)."""
    limited = restriction(sentence.text)
    if limited is None:
        return []  # the cheap test first: almost no sentence is a restriction
    offers = [item for item in previous if _own_form(item.action.source.text).startswith("I offer")]
    if not offers:
        return []
    del result.not_understood[told:]
    if len(offers) > 1:
        _take_back(sentence, offers, result, "it limits who may accept, but not which offer")
        return []
    text = f"{previous_sentence.text.rstrip(' .!')}, {limited}"
    found = _read_rewritten(
        replace(previous_sentence, text=text),
        result,
        len(result.actions),
        by_grammar,
        plays,
        private,
    )
    if not found:
        _take_back(sentence, offers, result, "it limits who may accept the offer before it")
    return found


def _add_to_previous(
    previous_sentence: Sentence,
    sentence: Sentence,
    previous: Sequence[FoundAction],
    result: ParseResult,
    told: int,
    by_grammar: Mapping[str, list[Game[Any]]],
    plays: Mapping[str, bool],
    private: bool,
) -> Sentence | None:
    """The previous sentence with another place added ("And one more at (1, 2)."), its
    actions in ``result`` replaced by all of that reading's; when it cannot be read so, the
    author is told, never left unanswered (rulings P42-read-games-s10-3). None when the
    sentence adds nothing, or is told."""
    more = more_of_the_same(sentence.text)
    if more is None:
        return None
    del result.not_understood[told:]
    joined = replace(
        previous_sentence,
        text=f"{previous_sentence.text.rstrip(' .!')} and {more}",
        written=f"{previous_sentence.written or previous_sentence.text}. {sentence.text}",
    )
    kept = [item for item in result.actions if all(item is not p for p in previous)]
    again = ParseResult(list(kept), [])
    _find_in_sentence(joined, by_grammar, plays, again, private)
    if again.not_understood or len(again.actions) - len(kept) <= len(previous):
        result.not_understood.append(
            NotUnderstood(
                sentence,
                tuple(dict.fromkeys(item.game for item in previous)),
                (),
                "it adds to the action before it, but the two could not be read as one; "
                "announce the added action in full",
            )
        )
        return None
    result.actions[:] = again.actions
    return joined


# "Actually, Amber.", "*Amber": one name alone, correcting a name the sentence before gave
# (P70-read-games-s19-22).
_NAME_FOR_NAME = re.compile(r"(?-i:[A-Z])[a-z]{2,}[\s.!]*")
_NAMED_IN = re.compile(r"\b(?:in|name\s+\S+(?:\s+community)?)\s+(?-i:[A-Z])[a-z]{2,}\b")


def _take_back_on_unread_correction(
    correction: Sentence,
    previous: Sequence[FoundAction],
    by_grammar: Mapping[str, list[Game[Any]]],
    result: ParseResult,
    told: int,
    *,
    plainly: bool = False,
) -> bool:
    """A correction of the previous sentence that cannot be read: its author said that
    sentence was wrong, so its actions are not performed either, and the author is told.
    False (nothing done) when the sentence does not look like an action or a place, and
    does not say ``plainly`` that it corrects ("I meant ...", "Make that ...")."""
    looks = (
        _PLACES_NAMED.search(correction.text) is not None
        or any(_looks_like(candidates[0], correction.text) for candidates in by_grammar.values())
        or (
            _NAME_FOR_NAME.fullmatch(correction.text) is not None
            and any(_NAMED_IN.search(item.action.source.text) for item in previous)
        )
    )
    if not looks and not plainly:
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
    # "[Arcadia]", "== Okinawa ==", "**Commune:**": a heading's markup around it
    # (P67-lead-s17-5).
    r"^\s*(?:[\[(*#=_~]+\s*)?"
    r"(?:re\s*:\s*)?(?:(?:(?:my\s+)?(?:actions?|moves?|plays?)\s+)?(?:in|for)\s+)?(?:my\s+)?(?:the\s+)?"
    r"(?P<name>[^,:;\[\]()*#=_~]+?)(?:\s+(?:actions?|moves?|plays?|business|orders))?"
    # "Arcadia actions for today:": the present named changes nothing (a later time makes
    # the lines under it a plan, which ``lead_ins`` judges).
    r"(?:\s+(?:for\s+)?(?:today|now|this\s+(?:week|round|turn|time)))?\s*[:\-\u2013\u2014]?\s*"
    r"(?:[\])*#=_~]+\s*[:\-\u2013\u2014]?\s*)?$",
    re.I,
)


_HEADING_LONGEST = 60


# Games whose acts any heading may stand over: the Register's and the alliances' acts are
# no game's own, and a game's heading says nothing of them.
_UNDER_ANY_HEADING = frozenset(("register", "alliances"))
_ANOTHER_GAMES_ACT = (
    "it is headed with one game's name but is another game's action, so nothing was done; "
    "say which game is meant (P70-read-games-s19-4)"
)


def _game_names(by_grammar: Mapping[str, list[Game[Any]]]) -> tuple[str, ...]:
    """The games' names, gathered once per mapping (``_grouped`` gives the same one, message
    after message)."""
    key = id(by_grammar)
    kept = _NAMES_OF.get(key)
    if kept is None or kept[0] is not by_grammar:
        kept = (by_grammar, tuple(game.name for games in by_grammar.values() for game in games))
        _NAMES_OF.clear()  # as few mappings live as ``_GROUPED`` keeps: keep the last
        _NAMES_OF[key] = kept
    return kept[1]


_NAMES_OF: dict[int, tuple[Mapping[str, list[Game[Any]]], tuple[str, ...]]] = {}


def _of_another_game(
    found: Sequence[FoundAction], named: frozenset[str], by_grammar: Mapping[str, list[Game[Any]]]
) -> bool:
    """Whether any of ``found`` is an act of a game other than those a heading ``named``."""
    kinds = {game.name: game.kind for games in by_grammar.values() for game in games}
    return any(
        item.game not in named and kinds.get(item.game) not in _UNDER_ANY_HEADING for item in found
    )


def _heading(text: str, by_grammar: Mapping[str, list[Game[Any]]]) -> bool:
    """Whether the sentence is only a configured game's name ("In Okinawa:", "Arcadia:"),
    a heading over the actions that follow it."""
    if len(text) > _HEADING_LONGEST:
        return False  # a game's name and a word or two: no prose is a heading
    if not _names_a_game(text, by_grammar):
        return False
    heading = _HEADING.match(text)
    if heading is None:
        return False
    name = heading.group("name").casefold()
    return any(game.name.casefold() == name for games in by_grammar.values() for game in games)


def _names_a_game(text: str, by_grammar: Mapping[str, list[Game[Any]]]) -> bool:
    """Whether a configured game's name is in the text at all: a heading's name is part of
    its text, and this costs far less than matching the heading's form on every sentence."""
    folded = text.casefold()
    return any(game.name.casefold() in folded for games in by_grammar.values() for game in games)

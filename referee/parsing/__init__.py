"""Finding actions in the prose of a message: sentences, grammars, typed actions, diagnostics."""

from referee.parsing.finder import FoundAction, NotUnderstood, ParseResult, find_actions
from referee.parsing.sentences import Sentence, split_sentences

__all__ = [
    "FoundAction",
    "NotUnderstood",
    "ParseResult",
    "Sentence",
    "find_actions",
    "split_sentences",
]

"""Render a named template pair (``templates/<name>/subject.txt`` and ``body.txt``).

Plain text, fixed width: autoescaping is off (nothing here is HTML), undefined variables
are errors so a template cannot silently print an empty hole, and blocks trim their
newlines so the templates can be laid out readably.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from referee.clock import format_utc
from referee.paths import TEMPLATES_DIR


@dataclass(frozen=True)
class Rendered:
    subject: str
    body: str


@cache
def environment(directory: Path = TEMPLATES_DIR) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(directory)),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["utc"] = format_utc
    env.filters["reply_subject"] = reply_subject
    return env


def render(name: str, context: Mapping[str, Any], directory: Path = TEMPLATES_DIR) -> Rendered:
    """Render ``<name>/subject.txt`` (one line) and ``<name>/body.txt``."""
    env = environment(directory)
    subject = env.get_template(f"{name}/subject.txt").render(context)
    body = env.get_template(f"{name}/body.txt").render(context)
    return Rendered(" ".join(subject.split()), body if body.endswith("\n") else body + "\n")


_ALREADY_A_REPLY = re.compile(r"^\s*re\s*:", re.IGNORECASE)
# A reply's prefixes written again and again by the author's client ("Re: Re: Tiles",
# "Re: AW: ..."): the answer carries one "Re: ".
_REPLY_PREFIXES = re.compile(r"^\s*re\s*:(?:\s*(?:re|aw|sv)\s*:)+\s*", re.IGNORECASE)


def reply_subject(subject: str) -> str:
    """The subject of a reply: one "Re: " in front, never "Re: Re:" (RFC 5322 3.6.5)."""
    if _REPLY_PREFIXES.match(subject):
        return _REPLY_PREFIXES.sub("Re: ", subject, count=1)
    return subject if _ALREADY_A_REPLY.match(subject) else f"Re: {subject}"

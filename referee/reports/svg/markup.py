"""A tiny XML element tree for writing SVG: every text and attribute is escaped here, once.

No drawing library: the pictures are rectangles, lines and text, which a few typed elements
describe exactly, and SVG is XML a program can write without help.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

SVG_NAMESPACE = "http://www.w3.org/2000/svg"

Attribute = str | int | float

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters no XML 1.0 document may hold, even escaped (a name with a control character
in it would otherwise make the whole picture unreadable)."""


def _xml_text(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def _number(value: Attribute) -> str:
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return text or "0"
    return str(value)


@dataclass
class Element:
    """One XML element with attributes, then text, then child elements."""

    tag: str
    attributes: dict[str, Attribute] = field(default_factory=dict)
    text: str = ""
    children: list[Element] = field(default_factory=list)

    def add(self, child: Element) -> Element:
        self.children.append(child)
        return child

    def extend(self, children: Iterable[Element]) -> None:
        self.children.extend(children)

    def to_xml(self, indent: str = "") -> str:
        attributes = "".join(
            f" {name.replace('_', '-')}={quoteattr(_xml_text(_number(value)))}"
            for name, value in self.attributes.items()
        )
        opening = f"{indent}<{self.tag}{attributes}"
        if not self.text and not self.children:
            return opening + "/>\n"
        if not self.children:
            return f"{opening}>{escape(_xml_text(self.text))}</{self.tag}>\n"
        inner = "".join(child.to_xml(indent + "  ") for child in self.children)
        return f"{opening}>{escape(_xml_text(self.text))}\n{inner}{indent}</{self.tag}>\n"


def element(tag: str, text: str = "", **attributes: Attribute) -> Element:
    """``element("rect", x=0, fill="#fff")``; an underscore in a name is a hyphen
    (``font_size`` is ``font-size``)."""
    return Element(tag, dict(attributes), text)

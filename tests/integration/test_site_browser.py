"""The site's pages in a real headless Chromium: screenshots that show the board, the DOM
Chromium built holding the board, tables and history links, and an accessibility check
(every text colour at 4.5:1 or more on its background, a text alternative for every
picture)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from browser import Browser, find_chromium
from png import read_png
from scgo_mail import ScgoPipeline
from servers.smtp import SmtpSink
from test_site import PLAYERS, mid_round

from referee.cli.site import cmd_site
from referee.games.commune.paint import PAINT
from referee.games.scgo.picture import LETTER_FILLS
from referee.paths import TEMPLATES_DIR
from referee.reports.svg.contrast import MINIMUM_TEXT_CONTRAST, contrast_ratio

PHONE = (390, 844)
DESKTOP = (1024, 768)


@dataclass
class Node:
    tag: str
    attributes: dict[str, str]
    text: str = ""
    ancestors: tuple[str, ...] = ()


@dataclass
class Dom(HTMLParser):
    """Every element of a page with its attributes, its own text and its ancestors' tags."""

    nodes: list[Node] = field(default_factory=list)
    _open: list[Node] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(convert_charrefs=True)

    _VOID = frozenset({"meta", "link", "br", "img", "input", "hr"})

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, ancestors=tuple(n.tag for n in self._open))
        self.nodes.append(node)
        if tag not in self._VOID:
            self._open.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in self._VOID:
            self._open.pop()

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            if self._open.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for node in self._open:
            node.text += data

    def all(self, tag: str) -> list[Node]:
        return [node for node in self.nodes if node.tag == tag]

    def by_id(self, ident: str) -> Node:
        (found,) = [node for node in self.nodes if node.attributes.get("id") == ident]
        return found


def parse_dom(html: str) -> Dom:
    dom = Dom()
    dom.feed(html)
    return dom


@pytest.fixture
def browser(tmp_path: Path) -> Browser:
    return Browser(find_chromium(), tmp_path / "chromium-profile")


@pytest.fixture
def go_site(tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink) -> Iterator[Path]:
    table = ScgoPipeline(tmp_path, sqlite_url, smtp_sink, PLAYERS)
    try:
        mid_round(table)
        folder = tmp_path / "site"
        args = argparse.Namespace(outdir=folder, archive_url=None)
        assert cmd_site(table.app.settings, args) == 0
        yield folder
    finally:
        table.close()


def hex_rgb(colour: str) -> tuple[int, int, int]:
    text = colour.removeprefix("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def check_screenshot(browser: Browser, page: Path, size: tuple[int, int], fills: list[str]) -> None:
    """A screenshot of the expected size, far from blank, in which the board's fills show."""
    width, height = size
    target = page.with_name(f"{page.stem}-{width}x{height}.png")
    picture = read_png(browser.screenshot(page, target, width, height))
    assert (picture.width, picture.height) == size
    colours = picture.colours()
    commonest = colours.most_common(1)[0][1]
    assert len(colours) > 20, "the page looks blank"
    assert commonest / len(picture.pixels) < 0.95, "the page is nearly one colour"
    assert picture.share_near((0x1F, 0x3A, 0x5F)) > 0.01  # the header bar
    for fill in fills:
        assert picture.share_near(hex_rgb(fill)) > 0.0005, f"no {fill} on the screen"


def check_text_alternatives(dom: Dom) -> None:
    pictures = dom.all("svg") + dom.all("img")
    assert pictures
    for svg in dom.all("svg"):
        assert svg.attributes.get("role") == "img"
        labels = svg.attributes["aria-labelledby"].split()
        assert len(labels) == 2
        for ident in labels:
            assert dom.by_id(ident).text.strip()
        assert dom.by_id(labels[0]).tag == "title" and dom.by_id(labels[1]).tag == "desc"
    for img in dom.all("img"):
        assert img.attributes.get("alt", "").strip()


def check_svg_text_contrast(dom: Dom) -> int:
    """Each text of a board against the square it is drawn on (or the paper)."""
    checked = 0
    paper = next(r for r in dom.all("rect") if r.ancestors[-1:] == ("svg",)).attributes["fill"]
    current_fill = paper
    for node in dom.nodes:
        if node.tag == "rect" and "svg" in node.ancestors:
            current_fill = node.attributes["fill"] if "g" in node.ancestors else paper
        elif node.tag == "text":
            ground = current_fill if "g" in node.ancestors else paper
            ratio = contrast_ratio(node.attributes["fill"], ground)
            assert ratio >= MINIMUM_TEXT_CONTRAST, (node.text, node.attributes["fill"], ground)
            checked += 1
    return checked


def css_rules(css: str) -> Iterator[tuple[str, dict[str, str]]]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
        declarations = {
            name.strip(): value.strip()
            for name, value in (d.split(":", 1) for d in body.split(";") if ":" in d)
        }
        yield " ".join(selector.split()), declarations


def test_every_text_colour_of_the_stylesheet_reads_on_its_background() -> None:
    rules = dict(css_rules((TEMPLATES_DIR / "site" / "style.css").read_text(encoding="utf-8")))
    page_ground = rules["body"]["background"]
    pairs = 0
    for selector, declarations in rules.items():
        if "color" not in declarations:
            continue
        colour = declarations["color"]
        ground = declarations.get("background", page_ground)
        assert re.fullmatch(r"#[0-9a-f]{6}", colour) and re.fullmatch(r"#[0-9a-f]{6}", ground)
        assert contrast_ratio(colour, ground) >= MINIMUM_TEXT_CONTRAST, selector
        pairs += 1
    assert pairs >= 8
    # A background without a text colour of its own inherits body's: it must read too.
    for selector, declarations in rules.items():
        if "background" in declarations and "color" not in declarations:
            ground = declarations["background"]
            assert contrast_ratio(rules["body"]["color"], ground) >= 4.5, selector


def test_the_go_page_mid_round_in_chromium(browser: Browser, go_site: Path) -> None:
    page = go_site / "go.html"
    dom = parse_dom(browser.dom(page))
    check_text_alternatives(dom)
    assert check_svg_text_contrast(dom) > 10
    assert len(dom.all("svg")) == 1
    assert "The 6 x 6 grid of Go after round 1" in dom.by_id("board-desc").text
    captions = [c.text for c in dom.all("caption")]
    assert captions == ["Players", "Rounds resolved"]
    assert len(dom.all("th")) == 5 + 4
    # The public messages of the history are linked; a secret play's mail is not named.
    history_links = [a for a in dom.all("a") if a.attributes.get("class") == "message"]
    assert len(history_links) >= 4
    assert all(a.attributes["href"].startswith("mid:") for a in history_links)
    assert all(re.fullmatch(r"<[^<>]+@[^<>]+>", a.text) for a in history_links)
    assert [n.text for n in dom.all("h2")] == ["The state", "Published reports", "History"]
    assert not dom.all("script")
    words = " ".join(n.text for n in dom.nodes if n.tag in ("body",))
    for square in ("a5", "f3", "c6"):
        assert not re.search(rf"\b{square}\b", words), square
    # Letters A (nix, b4), B (Janet, d5), C (Aspen, e2) are on the grid after round 1.
    fills = list(LETTER_FILLS[:3])
    check_screenshot(browser, page, PHONE, fills)
    check_screenshot(browser, page, DESKTOP, fills)
    index = parse_dom(browser.dom(go_site / "index.html"))
    assert [a.attributes["href"] for a in index.all("a")][:3] == [
        "index.html",
        "go.html",
        "register.html",
    ]
    check_text_alternatives(index)
    thumbnail, register = index.all("img")
    assert register.attributes["src"] == "register-board.svg"
    assert thumbnail.attributes == {
        "src": "go-board.svg",
        "alt": "Go: the Single-Capture Go grid",
        "width": "160",
    }
    check_screenshot(browser, go_site / "index.html", PHONE, fills)


def test_the_commune_page_in_chromium(
    browser: Browser, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from test_site import CONFIG, ROOT

    from referee.cli import main

    config = tmp_path / "referee.toml"
    config.write_text(CONFIG.format(folder=tmp_path), encoding="utf-8")
    for args in (
        ["init"],
        ["import", "--no-progress", str(ROOT / "examples" / "mail" / "public")],
        ["report", "Commune 2023", "--publish"],
        ["site", str(tmp_path / "site")],
    ):
        assert main(["--config", str(config), *args]) == 0
    capsys.readouterr()
    page = tmp_path / "site" / "commune-2023.html"
    dom = parse_dom(browser.dom(page))
    check_text_alternatives(dom)
    assert check_svg_text_contrast(dom) > 20
    assert "Jade, founded by Janet" in dom.by_id("board-desc").text
    assert [c.text for c in dom.all("caption")][:2] == [
        "Participants",
        "Communities (investment limit 1)",
    ]
    (report,) = dom.all("details")
    assert "weekly report" in report.text
    check_screenshot(browser, page, PHONE, [PAINT["jade"]])
    check_screenshot(browser, page, DESKTOP, [PAINT["jade"]])

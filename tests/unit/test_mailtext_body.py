"""Part selection, decoding, format=flowed and the AuthorText result."""

from __future__ import annotations

import base64
import email
import email.policy
from email.message import EmailMessage

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.mailtext.body import AuthorText, TextLine, author_text, decode_part, unflow


def parse(raw: bytes) -> EmailMessage:
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


def test_unflow_joins_soft_breaks_and_keeps_the_space() -> None:
    assert unflow("I place a \ntile at G6.\n", delsp=False) == "I place a tile at G6.\n"


def test_unflow_delsp_removes_the_space() -> None:
    assert unflow("invest \nment\n", delsp=True) == "investment\n"


def test_unflow_removes_space_stuffing() -> None:
    assert unflow(" From here\n  two spaces\n", delsp=False) == "From here\n two spaces\n"


def test_unflow_signature_delimiter_is_not_a_soft_break() -> None:
    assert unflow("text\n-- \nnix", delsp=False) == "text\n-- \nnix"


def test_unflow_quote_depth_change_ends_a_paragraph() -> None:
    assert unflow("> quoted \nown\n", delsp=False) == "> quoted \nown\n"
    assert unflow(">> deep \n>> er\n", delsp=False) == "> > deep er\n"


@pytest.mark.parametrize(
    ("payload", "charset", "text", "note"),
    [
        ("Jaël".encode(), "utf-8", "Jaël", None),
        # A latin-1 label is read as windows-1252: 0x93/0x94 are curly quotes there.
        (b"\x93hi\x94", "iso-8859-1", "\u201chi\u201d", None),
        # windows-1252 leaves 0x81 undefined; latin-1 then takes it.
        (b"a\x81", "iso-8859-1", "a\x81", None),
        # Mislabelled ASCII that is really UTF-8.
        ("é".encode(), "us-ascii", "é", None),
        ("é".encode(), None, "é", None),
        (b"\xe9", None, "é", "no charset was declared; decoded as cp1252"),
        (b"\xe9t\xe9", "utf-8", "été", "the text is not valid utf-8; decoded as cp1252"),
        (b"ok", "x-unknown", "ok", "the charset 'x-unknown' is unknown; decoded as utf-8"),
        (b"ok", "base64", "ok", "the charset 'base64' is unknown; decoded as utf-8"),
        (b"\x81\x8d", "bogus", "\x81\x8d", "the charset 'bogus' is unknown; decoded as latin-1"),
    ],
)
def test_decode_part(payload: bytes, charset: str | None, text: str, note: str | None) -> None:
    assert decode_part(payload, charset) == (text, note)


def test_text_property_joins_own_lines() -> None:
    result = AuthorText(
        lines=(TextLine(1, "a"), TextLine(3, "b")), quoted=(), signature=(), notes=()
    )
    assert result.text == "a\nb"


def test_bare_carriage_returns_are_line_breaks() -> None:
    # base64 so that the parser cannot touch the old-Mac line ends before we do.
    body = base64.b64encode(b"I place a tile at G6.\rI pass.\r\n\r\nBye.\r")
    raw = b"Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n" + body + b"\n"
    result = author_text(parse(raw))
    assert [line.text for line in result.lines] == ["I place a tile at G6.", "I pass.", "", "Bye."]


def test_forwarded_message_attachment_is_not_the_author_text() -> None:
    raw = (
        b"From: nix <nix@example.org>\n"
        b"MIME-Version: 1.0\n"
        b'Content-Type: multipart/mixed; boundary="b"\n\n'
        b"--b\n"
        b"Content-Type: message/rfc822\n\n"
        b"From: Janet <janet@example.net>\n"
        b"Content-Type: text/plain\n\n"
        b"I place a tile at G6.\n"
        b"--b--\n"
    )
    result = author_text(parse(raw))
    assert result.lines == ()
    assert result.notes == ("no text part found", "the author wrote no text of their own")


def test_html_alternative_used_when_plain_is_absent_in_nested_parts() -> None:
    raw = (
        b"From: nix <nix@example.org>\n"
        b"MIME-Version: 1.0\n"
        b'Content-Type: multipart/mixed; boundary="m"\n\n'
        b"--m\n"
        b'Content-Type: multipart/related; boundary="r"\n\n'
        b"--r\n"
        b"Content-Type: text/html; charset=utf-8\n\n"
        b"<p>I place a tile at G6.</p><p>I pass.</p>\n"
        b"--r\n"
        b"Content-Type: image/png\n\n"
        b"xx\n"
        b"--r--\n"
        b"--m--\n"
    )
    result = author_text(parse(raw))
    assert result.text == "I place a tile at G6.\nI pass."
    assert result.notes == ("converted from HTML",)


def test_message_with_empty_body() -> None:
    result = author_text(parse(b"From: nix <nix@example.org>\n\n"))
    assert result.lines == ()
    assert result.notes == ("the author wrote no text of their own",)


def test_compat32_messages_are_accepted() -> None:
    msg = email.message_from_bytes(b"Content-Type: text/plain\n\nI pass.\n")
    assert author_text(msg).text == "I pass."


def test_broken_base64_does_not_raise() -> None:
    raw = (
        b"Content-Type: text/plain; charset=utf-8\n"
        b"Content-Transfer-Encoding: base64\n\n"
        b"SSBwYXNzLg=\n!!!not base64 at all###\n"
    )
    result = author_text(parse(raw))
    assert isinstance(result, AuthorText)


@settings(max_examples=150, deadline=None, database=None)
@given(st.binary(max_size=600))
def test_never_raises_on_arbitrary_bytes(raw: bytes) -> None:
    result = author_text(parse(raw))
    assert isinstance(result, AuthorText)


@settings(max_examples=150, deadline=None, database=None)
@given(
    st.sampled_from(["text/plain", "text/html", "multipart/alternative", "image/gif"]),
    st.sampled_from(["utf-8", "latin-1", "x-bad", "base64", ""]),
    st.sampled_from(["7bit", "8bit", "quoted-printable", "base64", "x-weird"]),
    st.binary(max_size=300),
)
def test_never_raises_on_odd_mime(ctype: str, charset: str, cte: str, body: bytes) -> None:
    raw = (
        f"Content-Type: {ctype}; charset={charset}; format=flowed; delsp=yes\n"
        f"Content-Transfer-Encoding: {cte}\n\n"
    ).encode() + body
    result = author_text(parse(raw))
    assert isinstance(result, AuthorText)


def test_a_clear_signature_without_its_blank_line_keeps_the_authors_first_line() -> None:
    raw = (
        b"From: nix <nix@example.org>\nContent-Type: text/plain\n\n"
        b"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\nI place a tile at G6.\n"
        b"-----BEGIN PGP SIGNATURE-----\nabc\n-----END PGP SIGNATURE-----\n"
    )
    lines = [line.text for line in author_text(parse(raw)).lines]
    assert lines == ["", "", "I place a tile at G6.", "", "", ""]


def _parsed(raw: str) -> EmailMessage:
    message = email.message_from_bytes(raw.encode("utf-8"), policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


_ALTERNATIVE = (
    'From: nix@example.org\nMIME-Version: 1.0\nContent-Type: multipart/{kind}; boundary="b"\n\n'
    "--b\nContent-Type: text/plain\n\n{plain}\n"
    "--b\nContent-Type: text/html\n\n<p>I place a tile at F5.</p>\n--b--\n"
)


@pytest.mark.parametrize("plain", ["[image: map.png]", "", "[cid:image001.png@01D9]\n\n"])
def test_a_plain_alternative_of_placeholders_gives_way_to_its_html(plain: str) -> None:
    result = author_text(_parsed(_ALTERNATIVE.format(kind="alternative", plain=plain)))
    assert [line.text for line in result.lines] == ["I place a tile at F5."]
    assert "the plain text part was empty; the HTML part was read" in result.notes


def test_html_outside_the_alternative_is_never_read_for_an_empty_plain_part() -> None:
    result = author_text(_parsed(_ALTERNATIVE.format(kind="mixed", plain="[image: map.png]")))
    assert [line.text for line in result.lines] == ["[image: map.png]"]


def test_a_plain_alternative_with_words_is_kept() -> None:
    plain = "[image: map.png]\nSee the map."
    result = author_text(_parsed(_ALTERNATIVE.format(kind="alternative", plain=plain)))
    assert [line.text for line in result.lines] == ["[image: map.png]", "See the map."]


def test_plain_parts_split_around_an_inline_image_are_read_in_order() -> None:
    raw = (
        'From: nix@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="m"\n\n'
        "--m\nContent-Type: text/plain\n\nI claim the Land Unit at (3, 7).\n"
        "--m\nContent-Type: image/png\nContent-Disposition: inline\n\nxx\n"
        "--m\nContent-Type: text/plain\n\nI build a Farm on (3, 7).\n"
        '--m\nContent-Type: text/plain\nContent-Disposition: inline; filename="notes.txt"\n\nx\n'
        "--m\nContent-Type: text/plain\nContent-Disposition: attachment\n\nI deregister.\n--m--\n"
    )
    result = author_text(_parsed(raw))
    assert [line.text for line in result.lines] == [
        "I claim the Land Unit at (3, 7).",
        "",
        "I build a Farm on (3, 7).",
    ]


def test_invisible_spacing_reads_as_the_reader_sees_it() -> None:
    message = EmailMessage()
    message.set_content("\ufeffI place a tile at\u00a0G6.\nI play a Stone at (2,\u200b 4).\n")
    result = author_text(message)
    assert [line.text for line in result.lines] == [
        "I place a tile at G6.",
        "I play a Stone at (2, 4).",
    ]


def test_direction_marks_around_an_attribution_are_not_text() -> None:
    message = EmailMessage()
    message.set_content(
        "I act.\n\u200fOn Mon, Apr 3, 2023 at 12:00 PM Janet <j@x.org> wrote:\u200f\n"
        "I deregister.\n"
    )
    result = author_text(message)
    assert [line.text for line in result.lines] == ["I act."]
    assert result.quoted[0].text.startswith("On Mon")
